/**
 * Loads an ES-module-only package from this CommonJS bundle. TypeScript (module: commonjs) and
 * webpack would both rewrite a plain `import()` into `require()`, which Node 20 cannot use on
 * ES modules, so the native import is reached through Function.
 */
export function importEsm<T>(specifier: string): Promise<T> {
  const nativeImport = new Function('specifier', 'return import(specifier)') as (s: string) => Promise<T>;
  return nativeImport(specifier);
}
