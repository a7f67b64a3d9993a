import { data } from 'react-router';

/** Any path no route claims: the root error boundary renders the Spanish 404 page with HTTP 404. */
export function loader() {
  throw data('Página no encontrada', { status: 404 });
}

export function meta() {
  return [{ title: 'Página no encontrada' }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  return null;
}
