export declare const BASELINE_CSP: string;
export declare const HSTS: string;
export declare function baselineHeaders(options: { https: boolean }): [string, string][];
export declare function isForbiddenPath(pathname: string): boolean;
export declare const PERMISSIONS_POLICY: string;
export declare const SCAN_PERMISSIONS_POLICY: string;
export declare function permissionsPolicyFor(pathname: string): string;
