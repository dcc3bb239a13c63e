// Adds autocannon's per-request hooks to the declarations in autocannon.d.ts (interfaces of one ambient module merge).
declare module 'autocannon' {
  export interface RequestSpec {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }
  export interface Options {
    /** Each connection loops over these; setupRequest builds every request afresh (return null to restart the list). */
    requests?: (RequestSpec & { setupRequest?: (request: RequestSpec, context: Record<string, unknown>) => RequestSpec | null })[];
  }
}
