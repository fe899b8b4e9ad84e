export const sourceFiles: (dir: string) => string[];
export const resolveImport: (from: string, spec: string) => string | undefined;
export const importGraph: (dir: string) => Map<string, string[]>;
export const importCircles: (graph: Map<string, string[]>) => string[][];
