export declare const BASELINE_CSP: string;
export declare const HSTS: string;
export declare function baselineHeaders(options: { https: boolean }): [string, string][];
export declare function isForbiddenPath(pathname: string): boolean;
