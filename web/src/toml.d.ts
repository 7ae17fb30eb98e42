// A .toml file imported as a module (vite.config.ts, themeData): its tables, to be checked.
declare module '*.toml' {
  const data: Readonly<Record<string, unknown>>;
  export default data;
}
