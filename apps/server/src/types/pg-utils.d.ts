/** node-postgres's value preparation (pg/lib/utils.js), used by db/pglite-client.ts. */
declare module 'pg/lib/utils.js' {
  const utils: {
    /** A parameter as node-postgres sends it: text, a Buffer (sent binary), or null. */
    prepareValue(value: unknown): string | Buffer | null;
  };
  export default utils;
}
