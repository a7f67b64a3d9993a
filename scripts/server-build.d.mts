/** The project's root folder. */
export const root: string;
/** Builds the site and the server when missing or stale; resolves to the compiled server's entry file. */
export function ensureBuilt(buildDir?: string): Promise<string>;
