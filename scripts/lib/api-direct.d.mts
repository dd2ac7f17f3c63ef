import type { IncomingMessage, ServerResponse } from 'node:http';
export type ApiHandler = (request: Request) => Response | Promise<Response>;
export declare function loadApiHandlers(distDir: string): Promise<Map<string, ApiHandler> | null>;
export declare function webRequestOf(req: IncomingMessage, res: ServerResponse): Request;
export declare function sendWebResponse(response: Response, req: IncomingMessage, res: ServerResponse): Promise<void>;
export declare function answerApi(handlers: Map<string, ApiHandler>, req: IncomingMessage, res: ServerResponse, onError: (error: unknown) => void): boolean;
