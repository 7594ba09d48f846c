/** Set by the build from package.json; "dev" when running from sources. */
declare const __QUARRY_VERSION__: string | undefined;

export const QUARRY_VERSION = typeof __QUARRY_VERSION__ === 'string' ? __QUARRY_VERSION__ : 'dev';
