/** The specifiers a file imports for their values: static imports and re-exports, and literal dynamic imports. */
export function valueImports(file: string, text: string): string[];
/** The groups of two or more nodes that reach each other (and nodes that import themselves). */
export function cyclesOf(graph: Map<string, string[]>): string[][];
