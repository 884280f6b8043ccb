// Statements that destroy no row today but take away the way back: the log, archive or history a
// point-in-time restore replays. After one of them the database runs on, and the next mistake (or
// the next statement of the same session) cannot be undone past the last full backup. Read as
// `RECOVERY CUT: WHAT` (the recovery-chain-cuts policy asks):
//   SQL Server `BACKUP LOG|DATABASE x TO DISK = 'NUL'` writes the backup to the null device: the
//     log is truncated (or the differential base moved) and nothing is kept; `BACKUP LOG x WITH
//     TRUNCATE_ONLY|NO_LOG` (before 2008) the same; `ALTER DATABASE x SET RECOVERY SIMPLE` ends
//     the log backup chain;
//   MySQL and MariaDB `RESET MASTER` / `RESET BINARY LOGS AND GTIDS` delete every binary log, and
//     `PURGE BINARY|MASTER LOGS BEFORE NOW()` (no interval back) every one written so far; a purge
//     up to a named log or an interval back is the routine retention it is;
//   PostgreSQL `ALTER SYSTEM SET archive_mode = off`, `wal_level = minimal`, or an archive_command
//     that keeps nothing (`/bin/true`, `true`, `exit 0`, `:`): WAL segments are no longer archived;
//   Oracle `ALTER DATABASE NOARCHIVELOG` and `ALTER DATABASE FLASHBACK OFF`;
//   Snowflake `DATA_RETENTION_TIME_IN_DAYS = 0` and Delta `delta.logRetentionDuration` /
//     `delta.deletedFileRetentionDuration` of zero: time travel on the object is gone.
//
// And statements that lose rows or columns without a DROP TABLE, DELETE or TRUNCATE TABLE, read
// as `SQL LOSS: WHAT` (the sql-quiet-losses policy asks):
//   `DROP TYPE|DOMAIN|EXTENSION x CASCADE` (PostgreSQL) drops every column of that type, in
//     every table (an extension's types: every geometry column of `postgis`);
//   `ALTER TABLE t TRUNCATE PARTITION p` (MySQL, Oracle) empties the partition;
//   `ALTER TABLE t ENGINE=BLACKHOLE` (MySQL) converts the table to an engine that keeps nothing;
//   `DBCC CHECKDB|CHECKTABLE (x, REPAIR_ALLOW_DATA_LOSS)` (SQL Server) repairs by deallocating
//     whatever pages it cannot fix, with their rows;
//   Oracle `FLASHBACK TABLE t TO TIMESTAMP|SCN|RESTORE POINT ...` and `FLASHBACK DATABASE TO ...`
//     rewind the live object: every row written since is gone (`TO BEFORE DROP` undoes a drop);
//   a function whose call drops or empties what it names (DESTROYING_FUNCTIONS below), wherever
//     the statement calls it (`SELECT drop_chunks('metrics', INTERVAL '1 day')`, `CALL ...`,
//     `EXEC ...`, `PERFORM ...`): the SELECT around it hides a DROP.
// And Oracle `PURGE RECYCLEBIN|DBA_RECYCLEBIN|TABLE|TABLESPACE ...` is a recovery cut: what was
// dropped can no longer be brought back with FLASHBACK TABLE ... TO BEFORE DROP.
// Sources (the functions): PostgreSQL 16 "Replication Management Functions"
// (pg_drop_replication_slot, pg_replication_origin_drop), "Large Objects" (lo_unlink); TimescaleDB
// API reference (drop_chunks); Citus "Citus Utility Functions" (citus_drop_all_shards,
// master_drop_all_shards); pgmq README (pgmq.drop_queue, pgmq.purge_queue); Oracle "DBMS_AQADM"
// (DROP_QUEUE, DROP_QUEUE_TABLE, PURGE_QUEUE_TABLE); Oracle "PURGE", "FLASHBACK TABLE",
// "FLASHBACK DATABASE".
// Sources: Microsoft Learn "BACKUP (Transact-SQL)", "Recovery models (SQL Server)"; MySQL 8.4
// reference "PURGE BINARY LOGS", "RESET BINARY LOGS AND GTIDS"; PostgreSQL 16 "Continuous
// Archiving and Point-in-Time Recovery"; Oracle "Managing Archived Redo Log Files"; Snowflake
// "Understanding & using Time Travel"; Delta Lake "Table properties reference".

/** A token as sql.ts gives it: `t` upper-cased (`?` for a string literal), `raw` as written. */
interface Tok {
  t: string;
  raw: string;
}

/** The null device on Windows and Unix, as a backup target. */
const NULL_DEVICE = /^(?:NUL:?|\/dev\/null|\\\\\.\\NUL)$/i;
/** An archive_command that succeeds without keeping the segment. */
const KEEPS_NOTHING = /^\s*(?:\/bin\/true|\/usr\/bin\/true|true|exit 0|:|cmd \/c exit 0|rem)?\s*$/i;
/** A duration of nothing: 0, '0 days', 'interval 0 days', '0 hours'. */
const ZERO_DURATION = /^\s*(?:interval\s+)?0+\s*(?:[a-z]+)?\s*$/i;
/** A database named for development, tests or scratch work: `ShopDev`, `orders_test`, `tempdb`. */
const SCRATCH_DB =
  /(?:^|[_.-])(?:dev|devel|test|tests|testing|local|ci|scratch|tmp|temp)\d*$|[a-z0-9](?:Dev|Test|Tests|Local|Scratch)\d*$|^(?:tempdb|model)$/i;
const NOW = /^(?:NOW|CURRENT_TIMESTAMP|SYSDATE|SYSDATETIME|LOCALTIMESTAMP|UTC_TIMESTAMP)$/;

/** The value after `NAME =` (or `NAME TO`) in the statement, raw, or undefined. */
function setting(st: Tok[], name: string): string | undefined {
  const i = st.findIndex((x) => x.t === name || x.t === `'${name}'` || (x.t === '?' && x.raw.toUpperCase() === name));
  if (i < 0) return undefined;
  const op = st[i + 1]?.t;
  if (op !== '=' && op !== 'TO') return undefined;
  return st[i + 2]?.raw;
}

/** Types whose CASCADE drop takes the columns of that type with it. */
const TYPED = new Set(['TYPE', 'DOMAIN', 'EXTENSION']);
/** An object named for scratch work: `tmp_status`, `test_ext`. */
const SCRATCH_NAME = /^(?:tmp|temp|test|scratch)_|_(?:tmp|temp|test|scratch)$/i;

/**
 * Functions whose call drops or empties data (or, for a replication slot, the changes a replica or
 * a change-data-capture consumer has not read yet), by their last dotted name part, upper-cased.
 */
const DESTROYING_FUNCTIONS = new Map<string, string>([
  ['PG_DROP_REPLICATION_SLOT', 'a replication slot dropped (its unread changes gone)'],
  ['PG_REPLICATION_ORIGIN_DROP', 'a replication origin dropped'],
  ['DROP_CHUNKS', 'TimescaleDB chunks dropped'],
  ['CITUS_DROP_ALL_SHARDS', 'every shard of a table dropped'],
  ['MASTER_DROP_ALL_SHARDS', 'every shard of a table dropped'],
  ['DROP_QUEUE', 'a queue dropped'],
  ['PURGE_QUEUE', 'every message of a queue purged'],
  ['DROP_QUEUE_TABLE', 'a queue table dropped'],
  ['PURGE_QUEUE_TABLE', 'every message of a queue table purged'],
]);

/** Hours in a unit of an interval literal ('30 days', '2 weeks', '12 hours'). */
const UNIT_HOURS: [RegExp, number][] = [
  [/^(?:y|yr|yrs|years?)$/i, 24 * 365],
  [/^(?:mons?|months?)$/i, 24 * 30],
  [/^(?:w|weeks?)$/i, 24 * 7],
  [/^(?:d|days?)$/i, 24],
  [/^(?:h|hrs?|hours?)$/i, 1],
];

/** Whether the first INTERVAL literal among the tokens spans at least a week. */
function keepsAWeek(args: Tok[]): boolean {
  const i = args.findIndex((t) => t.t === 'INTERVAL');
  if (i < 0) return false;
  // `INTERVAL '30 days'`, or Oracle/MySQL style `INTERVAL '2' DAY`
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(args[i + 1]?.raw ?? '');
  if (!m) return false;
  const unit = m[2] || args[i + 2]?.raw || '';
  const hours = UNIT_HOURS.find(([re]) => re.test(unit))?.[1];
  return hours !== undefined && Number(m[1]) * hours >= 24 * 7;
}

/**
 * A destroying function called in the statement, as `SQL LOSS: NAME(ARG) (what)`, or undefined:
 * called by a query, a CALL or EXEC, or as a statement of its own in a PL/SQL block. sql.ts asks
 * this last, after the readings that find more (drop_chunks up to now() is every row: a DELETE).
 */
export function destroyingCall(st: Tok[], k: number): string | undefined {
  const T = st.map((x) => x.t);
  if (!/^(?:SELECT|CALL|EXEC|EXECUTE|PERFORM|BEGIN|DO)$/.test(T[k] ?? '') && T[k + 1] !== '(') return undefined;
  for (let i = k; i < st.length - 1; i++) {
    if (st[i + 1]?.t !== '(') continue;
    const name = (st[i]?.t ?? '').replace(/^.*\./, '');
    const what = DESTROYING_FUNCTIONS.get(name);
    // `pgmq.drop_queue`, `DBMS_AQADM.DROP_QUEUE`: the queue functions only under their packages
    if (what === undefined || (/QUEUE/.test(name) && !/^(?:PGMQ|DBMS_AQADM|SYS\.DBMS_AQADM)\./.test(st[i]?.t ?? '')))
      continue;
    // drop_chunks keeping a week or more (`older_than => now() - INTERVAL '30 days'`) is the
    // retention a hypertable is run with; a shorter window empties it of nearly everything
    if (name === 'DROP_CHUNKS' && keepsAWeek(st.slice(i + 2))) continue;
    const arg = st[i + 2]?.raw ?? '';
    return `SQL LOSS: ${st[i]?.raw}(${arg.replace(/[^\w.:-]/g, '')}) (${what})`;
  }
  return undefined;
}

/** What the statement from K loses, as `RECOVERY CUT: ...` or `SQL LOSS: ...`, or undefined. */
export function quietLoss(st: Tok[], k: number): string | undefined {
  const T = st.map((x) => x.t);
  const at = (i: number) => st[i]?.raw ?? '';
  if (T[k] === 'DROP' && TYPED.has(T[k + 1] ?? '') && T.includes('CASCADE')) {
    const i = T[k + 2] === 'IF' && T[k + 3] === 'EXISTS' ? k + 4 : k + 2;
    if (SCRATCH_NAME.test(at(i))) return undefined;
    return `SQL LOSS: DROP ${T[k + 1]} ${at(i)} CASCADE (every column of it dropped)`;
  }
  if (T[k] === 'ALTER' && T[k + 1] === 'TABLE') {
    const tp = T.indexOf('TRUNCATE', k + 3);
    if (tp > 0 && (T[tp + 1] === 'PARTITION' || T[tp + 1] === 'SUBPARTITION'))
      return `SQL LOSS: ALTER TABLE ${at(k + 2)} TRUNCATE PARTITION ${at(tp + 2)}`;
    const e = T.indexOf('ENGINE', k + 3);
    const v = T[e + 1] === '=' ? T[e + 2] : T[e + 1];
    if (e > 0 && v === 'BLACKHOLE') return `SQL LOSS: ALTER TABLE ${at(k + 2)} ENGINE=BLACKHOLE (every row discarded)`;
  }
  if (T[k] === 'DBCC' && /^CHECK(?:DB|TABLE|ALLOC)$/.test(T[k + 1] ?? '') && T.includes('REPAIR_ALLOW_DATA_LOSS'))
    return `SQL LOSS: DBCC ${T[k + 1]} REPAIR_ALLOW_DATA_LOSS`;
  // Oracle: rewinding a live table or database drops what was written since; `TO BEFORE DROP` is the undo of a drop
  if (T[k] === 'FLASHBACK' && (T[k + 1] === 'TABLE' || T[k + 1] === 'DATABASE')) {
    const to = T.indexOf('TO', k + 2);
    if (to > 0 && !(T[to + 1] === 'BEFORE' && T[to + 2] === 'DROP'))
      return `SQL LOSS: FLASHBACK ${T[k + 1]} ${T[k + 1] === 'TABLE' ? at(k + 2) : ''} TO ${T[to + 1] ?? ''} (every later write rewound)`.replace(
        / {2,}/g,
        ' ',
      );
  }
  // called by a query, a CALL or EXEC, or as a statement of its own in a PL/SQL block
  return recoveryCut(st, k, T, at);
}

function recoveryCut(st: Tok[], k: number, T: string[], at: (i: number) => string): string | undefined {
  if (T[k] === 'BACKUP' && (T[k + 1] === 'LOG' || T[k + 1] === 'DATABASE')) {
    const to = T.indexOf('TO', k + 2);
    const target = to > 0 && T[to + 2] === '=' ? at(to + 3) : to > 0 ? at(to + 2) : '';
    const w = T.indexOf('WITH', k + 2);
    const truncate = w > 0 && T.slice(w).some((x) => x === 'TRUNCATE_ONLY' || x === 'NO_LOG');
    if (NULL_DEVICE.test(target) || truncate)
      return `RECOVERY CUT: BACKUP ${T[k + 1]} ${at(k + 2)} ${truncate ? 'WITH TRUNCATE_ONLY' : 'TO NUL'}`;
    return undefined;
  }
  if (T[k] === 'ALTER' && T[k + 1] === 'DATABASE') {
    const r = T.indexOf('RECOVERY', k + 2);
    // a development or test database kept small on purpose (`ALTER DATABASE ShopDev SET RECOVERY SIMPLE`)
    if (r > 0 && T[r - 1] === 'SET' && T[r + 1] === 'SIMPLE' && !SCRATCH_DB.test(at(k + 2).replace(/[[\]"`]/g, '')))
      return `RECOVERY CUT: ${at(k + 2)} SET RECOVERY SIMPLE`;
    if (T.includes('NOARCHIVELOG')) return 'RECOVERY CUT: ALTER DATABASE NOARCHIVELOG';
    const f = T.indexOf('FLASHBACK', k + 2);
    if (f > 0 && T[f + 1] === 'OFF') return 'RECOVERY CUT: ALTER DATABASE FLASHBACK OFF';
    // Oracle `ALTER DATABASE DATAFILE n OFFLINE DROP`: the file is taken out for good; in
    // NOARCHIVELOG mode its rows cannot be recovered (Oracle "ALTER DATABASE", datafile_clauses)
    const df = T.indexOf('DATAFILE', k + 2);
    const off = T.indexOf('OFFLINE', df);
    if (df > 0 && off > df && T[off + 1] === 'DROP')
      return `SQL LOSS: ALTER DATABASE DATAFILE ${at(df + 1)} OFFLINE DROP`;
  }
  // RMAN's `DELETE [NOPROMPT|FORCE] BACKUP|BACKUPSET|COPY|ARCHIVELOG ALL`: the backups and the
  // archived logs a restore needs, removed from disk and the catalogue. `DELETE OBSOLETE|EXPIRED`
  // and a delete bounded by `COMPLETED BEFORE`, `UNTIL` or `BACKED UP n TIMES` are routine
  // retention (Oracle "Backup and Recovery Reference", DELETE).
  if (T[k] === 'DELETE') {
    let j = k + 1;
    while (T[j] === 'NOPROMPT' || T[j] === 'FORCE') j++;
    const what = T[j] ?? '';
    if (/^(?:BACKUP|BACKUPSET|COPY|ARCHIVELOG|BACKUPPIECE|DATAFILECOPY|CONTROLFILECOPY)$/.test(what)) {
      const bounded = ['COMPLETED', 'UNTIL', 'BACKED', 'TAG', 'SEQUENCE', 'FROM', 'LIKE', 'WHERE'].some((w) =>
        T.includes(w),
      );
      if (!bounded)
        return `RECOVERY CUT: RMAN DELETE ${what}${T[j + 1] === 'ALL' ? ' ALL' : ''} (backups a restore needs)`;
    }
  }
  // Oracle's recycle bin is what FLASHBACK TABLE ... TO BEFORE DROP restores from
  if (T[k] === 'PURGE' && /^(?:RECYCLEBIN|DBA_RECYCLEBIN|TABLE|TABLESPACE|INDEX|USER_RECYCLEBIN)$/.test(T[k + 1] ?? ''))
    return `RECOVERY CUT: PURGE ${T[k + 1]}${/^(?:TABLE|TABLESPACE|INDEX)$/.test(T[k + 1] ?? '') ? ` ${at(k + 2)}` : ''} (dropped objects can no longer be restored)`;
  if (T[k] === 'RESET' && (T[k + 1] === 'MASTER' || (T[k + 1] === 'BINARY' && T[k + 2] === 'LOGS')))
    return `RECOVERY CUT: RESET ${T[k + 1]} (every binary log deleted)`;
  if (T[k] === 'PURGE' && (T[k + 1] === 'BINARY' || T[k + 1] === 'MASTER') && T[k + 2] === 'LOGS') {
    const b = T.indexOf('BEFORE', k + 3);
    // `BEFORE NOW()` with nothing after it: no interval back, every log written so far
    let j = b + 2;
    if (T[j] === '(' && T[j + 1] === ')') j += 2;
    if (b > 0 && NOW.test(T[b + 1] ?? '') && j >= T.length) return 'RECOVERY CUT: PURGE BINARY LOGS BEFORE NOW()';
    return undefined;
  }
  if (T[k] === 'ALTER' && T[k + 1] === 'SYSTEM' && T[k + 2] === 'SET') {
    const name = T[k + 3] ?? '';
    const v = st[k + 5]?.raw ?? '';
    if (T[k + 4] !== '=' && T[k + 4] !== 'TO') return undefined;
    if (name === 'ARCHIVE_MODE' && /^(?:off|false|0)$/i.test(v)) return 'RECOVERY CUT: archive_mode = off';
    if (name === 'WAL_LEVEL' && /^minimal$/i.test(v)) return 'RECOVERY CUT: wal_level = minimal';
    if (name === 'ARCHIVE_COMMAND' && KEEPS_NOTHING.test(v)) return `RECOVERY CUT: archive_command = '${v}'`;
    return undefined;
  }
  if (T[k] === 'ALTER' || T[k] === 'CREATE') {
    const days = setting(st, 'DATA_RETENTION_TIME_IN_DAYS');
    if (days !== undefined && /^0+$/.test(days.trim())) return 'RECOVERY CUT: DATA_RETENTION_TIME_IN_DAYS = 0';
    for (const p of ['DELTA.LOGRETENTIONDURATION', 'DELTA.DELETEDFILERETENTIONDURATION']) {
      const i = st.findIndex((x) => x.t === '?' && x.raw.toUpperCase() === p);
      const v = i >= 0 && st[i + 1]?.t === '=' ? st[i + 2]?.raw : undefined;
      if (v !== undefined && ZERO_DURATION.test(v)) return `RECOVERY CUT: ${st[i]?.raw} = '${v}'`;
    }
  }
  return undefined;
}
