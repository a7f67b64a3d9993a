// Development only (`npm run dev`): hot reload on a page of islands. React Router's refresh runtime applies an edit
// by asking its data router to revalidate, then refreshing the components in place; an islands page has no router,
// so this stands in for it. An edited route module changes what the server renders: the page reloads instead.
declare global {
  interface Window {
    __reactRouterDataRouter?: unknown;
  }
}

window.__reactRouterDataRouter ??= {
  revalidate: async () => {},
  createRoutesForHMR: () => {
    window.location.reload();
    return [];
  },
  _internalSetRoutes: () => {},
};

export {};
