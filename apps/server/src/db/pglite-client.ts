/**
 * PGlite as drizzle's client, each statement in one call into PGlite.
 *
 * PGlite's own `query` sends a statement as six separate protocol calls (parse, describe the
 * statement to learn its parameter types, bind, describe, execute, sync), and converts each
 * parameter by its type in JavaScript: a 200 KB image went in as hex or base64 text, one character
 * at a time. Here a statement is one message (parse, bind, describe, execute, sync) and one call;
 * the values are prepared as node-postgres prepares them for PostgreSQL (text, with types left to
 * PostgreSQL to infer, and binary for a Buffer), so both databases receive exactly the same
 * parameters. Results are decoded with PGlite's parsers, chosen once per column rather than per
 * value. Each statement lets the event loop turn first (see run). Transactions, `exec` and
 * everything else stay PGlite's own.
 */
import {
  type PGlite,
  protocol,
  type messages,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import pgUtils from 'pg/lib/utils.js';

const { serialize } = protocol;

/** bytea arrives as `\x` and hex; decoded natively (PGlite's parser goes byte by byte). */
const BYTEA = 17;
const parseBytea = (value: string) => Buffer.from(value.slice(2), 'hex');

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * The messages of one statement with its values, ending in a sync: one call into PGlite. A
 * statement kept by name is only bound; any other is parsed (unnamed, so planned for its values).
 */
function statementMessage(
  text: string,
  params: readonly unknown[],
  kept: string | null,
  before: Uint8Array[],
): Uint8Array {
  return concat([
    ...before,
    ...(kept === null ? [serialize.parse({ text })] : []),
    serialize.bind({
      statement: kept ?? '',
      values: params.map((p) => pgUtils.prepareValue(p)),
    }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]);
}

/** Statements kept by name at most; beyond, the least recently used one is closed. */
const MAX_KEPT = 1000;

/** Names of kept statements, unique in the process (so two clients of one PGlite never clash). */
let keptSequence = 0;

export class PgliteClient {
  /**
   * Statement texts whose plan is kept (see keepPlan), with their names once parsed; in the order
   * of their last use, the least recent first.
   */
  private readonly kept = new Map<string, string | null>();
  /** Kept statements to close before the next statement (evicted beyond MAX_KEPT). */
  private closing: string[] = [];

  constructor(readonly pglite: PGlite) {}

  /**
   * An INSERT of VALUES (no SELECT in it) has one possible plan, whatever its values: it is kept
   * without being asked. Registrations run three of them each.
   */
  static alwaysKept(text: string): boolean {
    return /^\s*insert\s+into\b/i.test(text) && !/\bselect\b/i.test(text);
  }

  /**
   * From now on, this statement is parsed once, under a name, and then only bound, as drizzle's
   * named statements are on PostgreSQL. PostgreSQL plans its first executions for their values,
   * then keeps one plan for any values if it judges that plan good enough (decision 017 says which
   * statements may be kept).
   */
  keepPlan(text: string) {
    if (this.kept.has(text)) return;
    if (this.kept.size >= MAX_KEPT) {
      const [oldest, name] = this.kept.entries().next().value!;
      if (name) this.closing.push(name);
      this.kept.delete(oldest);
    }
    this.kept.set(text, null);
  }

  get waitReady() {
    return this.pglite.waitReady;
  }

  get closed() {
    return this.pglite.closed;
  }

  close() {
    return this.pglite.close();
  }

  exec(text: string, options?: QueryOptions) {
    return this.pglite.exec(text, options);
  }

  /** One statement, after any transaction in progress (as PGlite's own `query`). */
  async query<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    await this.pglite._checkReady();
    return this.pglite._runExclusiveTransaction(() => this.run<T>(text, params, options, true));
  }

  /**
   * The statements of one text (the simple protocol, as `exec`), in one exclusive call; the last
   * one's rows answer. A text that fails inside its own BEGIN is rolled back in the same call,
   * before anything else may run on the one connection (else every later statement would fail).
   */
  async execScript<T>(text: string): Promise<Results<T>> {
    await this.pglite._checkReady();
    return this.pglite._runExclusiveTransaction(() =>
      this.pglite._runExclusiveQuery(async () => {
        await new Promise((resolve) => setImmediate(resolve));
        if (this.pglite.closed) throw new Error('PGlite is closed');
        const { messages } = await this.pglite.execProtocol(serialize.query(text), {
          throwOnError: false,
        });
        const ready = messages.findLast((m) => m.name === 'readyForQuery') as
          messages.ReadyForQueryMessage | undefined;
        if (ready?.status === 'E') await this.pglite.execProtocol(serialize.query('rollback'));
        const error = messages.find((m) => m.name === 'error');
        if (error) throw error as messages.DatabaseError;
        // The last statement's messages: after the one-before-last command's completion.
        const completions = messages.flatMap((m, i) => (m.name === 'commandComplete' ? [i] : []));
        const from = completions.length > 1 ? completions[completions.length - 2]! + 1 : 0;
        return this.results<T>(messages.slice(from));
      }),
    );
  }

  /**
   * PGlite's transaction, its statements run as `query` runs them (`sql`, which drizzle does not
   * use, stays PGlite's own).
   */
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.pglite.transaction((tx) =>
      callback({
        query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          if (tx.closed) throw new Error('Transaction is closed');
          return this.run<R>(text, params ?? [], options, false);
        },
        sql: (strings, ...params) => tx.sql(strings, ...params),
        exec: (text, options) => tx.exec(text, options),
        rollback: () => tx.rollback(),
        listen: (channel, cb) => tx.listen(channel, cb),
        get closed() {
          return tx.closed;
        },
      }),
    );
  }

  private run<T>(
    text: string,
    params: readonly unknown[],
    options: QueryOptions | undefined,
    syncToFs: boolean,
  ): Promise<Results<T>> {
    return this.pglite._runExclusiveQuery(async () => {
      // PGlite runs a statement synchronously, and awaiting it only runs microtasks: without this,
      // a burst of ready requests ran their statements back to back for hundreds of milliseconds
      // without the event loop reading a socket (client time-outs at 50 concurrent registrations).
      // Each statement first lets the loop take in what has arrived.
      await new Promise((resolve) => setImmediate(resolve));
      if (this.pglite.closed) throw new Error('PGlite is closed');
      const before = this.closing.splice(0).map((name) => serialize.close({ type: 'S', name }));
      if (!this.kept.has(text) && PgliteClient.alwaysKept(text)) this.keepPlan(text);
      // undefined: not kept; null: kept, not parsed yet.
      let name = this.kept.get(text);
      if (name !== undefined) {
        // The most recently used now (Map order).
        this.kept.delete(text);
        this.kept.set(text, name);
      }
      if (name === null) {
        // Parsed on its own first: a failure later in the same message would leave the name
        // taken without telling whether the parse succeeded.
        name = `pglite_kept_${++keptSequence}`;
        await this.pglite.execProtocol(
          concat([...before.splice(0), serialize.parse({ name, text }), serialize.sync()]),
          { syncToFs: false },
        );
        this.kept.set(text, name);
      }
      const response = await this.pglite.execProtocol(
        statementMessage(text, params, name ?? null, before),
        { syncToFs },
      );
      return this.results<T>(response.messages, options);
    });
  }

  /** The rows of one statement's messages, as PGlite's `query` answers them. */
  private results<T>(messages: messages.BackendMessage[], options?: QueryOptions): Results<T> {
    let fields: { name: string; dataTypeID: number }[] = [];
    let parsers: ((value: string) => unknown)[] = [];
    const rows: unknown[] = [];
    const result: Results<T> = { rows: rows as T[], fields, affectedRows: 0 };
    const asArray = options?.rowMode === 'array';
    for (const message of messages) {
      if (message.name === 'rowDescription') {
        fields = (message as messages.RowDescriptionMessage).fields.map((f) => ({
          name: f.name,
          dataTypeID: f.dataTypeID,
        }));
        result.fields = fields;
        parsers = fields.map(({ dataTypeID: oid }) => {
          const parse =
            options?.parsers?.[oid] ??
            (oid === BYTEA ? parseBytea : this.pglite.parsers[oid]) ??
            ((value: string) => value);
          return (value: string) => parse(value, oid);
        });
      } else if (message.name === 'dataRow') {
        const values = (message as messages.DataRowMessage).fields;
        if (asArray) {
          rows.push(values.map((v, i) => (v === null ? null : parsers[i]!(v))));
        } else {
          const row: Record<string, unknown> = {};
          values.forEach((v, i) => {
            row[fields[i]!.name] = v === null ? null : parsers[i]!(v);
          });
          rows.push(row);
        }
      } else if (message.name === 'commandComplete') {
        const parts = (message as messages.CommandCompleteMessage).text.split(' ');
        const count = Number.parseInt(parts[parts.length - 1]!, 10);
        result.command = parts[0];
        if (!Number.isNaN(count)) {
          result.rowCount = count;
          if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(parts[0]!)) {
            result.affectedRows = count;
          }
        }
      }
    }
    return result;
  }
}
