/** The file under `src` that a specifier names (`@/…` or relative), or null for a package or anything else. */
export function resolveImport(src: string, from: string, specifier: string): string | null;
/** The specifiers a file imports for their values: static imports and re-exports, and literal dynamic imports. */
export function valueImports(file: string, text: string): string[];
/** The groups of two or more nodes that reach each other (and nodes that import themselves). */
export function cyclesOf(graph: Map<string, string[]>): string[][];
/** The TypeScript files under a directory (no declarations), leaving out the directories in `skip` and, unless asked, tests. */
export function sourceFilesUnder(dir: string, options?: { skip?: readonly string[]; tests?: boolean }): string[];
/** The files under `src` that a file's value imports name (packages and type-only imports left out), each once. */
export function localValueImports(src: string, file: string, text: string): string[];
