/** The file under `src` that a specifier names (`@/…` or relative), or null for a package or anything else. */
export function resolveImport(src: string, from: string, specifier: string): string | null;
/** The specifiers a file imports for their values: static imports and re-exports, and literal dynamic imports. */
export function valueImports(file: string, text: string): string[];
/** The groups of two or more nodes that reach each other (and nodes that import themselves). */
export function cyclesOf(graph: Map<string, string[]>): string[][];
