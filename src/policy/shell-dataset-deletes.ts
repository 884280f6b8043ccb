// A mainframe dataset deleted by a command line another system's command processor runs: TSO's
// DELETE, IDCAMS' DELETE ... PURGE, DFSMShsm's HDELETE and HBDELETE (a migrated dataset and its
// backup versions), and RACF's DELUSER, DELGROUP and DELDSD, handed over as one string by whatever
// client carries it (`tsocmd "DELETE 'PROD.GL.LEDGER' PURGE"`, `zowe zos-tso issue command "..."`,
// `opercmd`, an SSH session's `tsocmd`). The client is not what matters: the string is a command
// whose verb deletes and whose operand is a dataset name (qualifiers joined by dots, or a quoted
// name), so SQL's `DELETE FROM t` does not read as one. Read as
//   `cli-destroy tso VERB DSN`       (asked by the standard profile)
//   `cli-destroy-all tso VERB DSN`   when the name holds a wildcard (`'PROD.ARCHIVE.*'`, `PROD.**`)
// A name with a qualifier for tests or scratch work (`IBMUSER.TEST.LOAD`, `&&TEMP`) is the
// developer's own and is not read. Sources: z/OS TSO/E Command Reference (DELETE), DFSMS Access
// Method Services Commands (DELETE ... PURGE ERASE), DFSMShsm Storage Administration (HDELETE,
// HBDELETE), z/OS Security Server RACF Command Language Reference (DELUSER, DELGROUP, DELDSD).

/** A deleting command and its first operand at the start of a string (or after a `;`). */
const STATEMENT =
  /(?:^|;|\n)[ \t]*(DELETE|DEL|HDELETE|HDEL|HBDELETE|HBDEL|SCRATCH|DELUSER|DELGROUP|DELDSD|RDELETE)\s+\(?\s*('[^']+'|[A-Za-z@#$&][\w@#$&.*()+-]*)/gi;

/** A dataset name: a quoted name, or two or more qualifiers joined by dots. */
const DSN = /^'[^']+'$|^[A-Za-z@#$&*][\w@#$&*-]{0,7}(?:\.[\w@#$&*()+-]+)+$/;

/** Qualifiers that say the dataset is a developer's throwaway. */
const SCRATCH_QUALIFIER = /^(?:test\w*|t\d+|tmp\w*|temp\w*|scratch|scr|work|wrk|sandbox|sbx|dev)$/i;

/** Whether a dataset name is a developer's throwaway (a temporary `&&` name or a scratch qualifier). */
export function scratchDataset(name: string): boolean {
  return name.startsWith('&&') || name.split('.').some((q) => SCRATCH_QUALIFIER.test(q));
}

/** RACF's deletes take a user, group or profile, not a dataset name. */
const RACF = /^(?:DELUSER|DELGROUP)$/i;

/** The readings of one simple command (program name first), or an empty list. */
export function datasetDeleteReadings(words: string[]): string[] {
  const out: string[] = [];
  for (const w of words.slice(1)) if (/\s/.test(w)) out.push(...statementReadings(w));
  return out;
}

/** The deletes the statements of `text` make (each statement at the start of a line or after `;`). */
function statementReadings(text: string): string[] {
  const out: string[] = [];
  {
    for (const m of text.matchAll(STATEMENT)) {
      const verb = (m[1] ?? '').toUpperCase();
      const operand = m[2] ?? '';
      // SQL (`DELETE FROM t`) and prose do not name a dataset
      if (/^from$/i.test(operand)) continue;
      // TSO commands are written in capitals or name a quoted dataset; a sentence (`-m "delete
      // README.md"`) does neither
      if (m[1] !== verb && !operand.startsWith("'")) continue;
      if (!RACF.test(verb) && !DSN.test(operand)) continue;
      const name = operand.replace(/^'|'$/g, '');
      if (scratchDataset(name)) continue;
      const text = `tso ${verb} ${name}`;
      out.push(`cli-destroy ${text}`);
      if (/\*/.test(name)) out.push(`cli-destroy-all ${text}`);
    }
  }
  return out;
}

/** A job, a REXX exec or a CLIST: JCL's job card, IDCAMS run by a step, or a REXX comment first. */
const JOB_TEXT = /^\/\/[A-Z@#$][\w@#$]{0,7}\s+JOB\b|EXEC\s+PGM=(?:IDCAMS|IEFBR14|ADRDSSU|IEHPROGM)|^\s*\/\*\s*REXX/im;
const JOB_FILE = /\.(?:jcl|cntl|jcls|rexx|rex|clist|exec)$/i;
/** A dataset JCL deletes when the step ends (`DSN=PROD.X,DISP=(OLD,DELETE)`). */
const DISP_DELETE = /DSN(?:AME)?=([A-Z@#$&][\w@#$&.()+-]*)\s*,\s*DISP=\(\s*(?:OLD|SHR|MOD)\s*,\s*DELETE/gi;

/**
 * The deletes a job file written for later submission makes (`zowe zos-jobs submit local-file
 * cleanup.jcl`, a colleague's SUBMIT): IDCAMS and TSO DELETE statements, and datasets a step
 * disposes of with DISP=(OLD,DELETE). A dataset the same job allocates or defines again (the
 * delete-before-allocate and delete-define idioms of a job's own output) is not read.
 */
export function jobFileDeletes(path: string, content: string | undefined): string[] {
  if (!content || !(JOB_FILE.test(path) || JOB_TEXT.test(content))) return [];
  const text = content.slice(0, 64 * 1024);
  const remade = (dsn: string): boolean => {
    const q = dsn.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(
      `DEFINE\\s+(?:CLUSTER|GDG|NONVSAM|ALIAS|PATH|AIX)\\s*\\(\\s*NAME\\s*\\(\\s*'?${q}'?\\s*\\)|DSN(?:AME)?=${q}\\s*,\\s*DISP=\\(\\s*NEW`,
      'i',
    ).test(text);
  };
  const out = statementReadings(text).filter((r) => !remade(r.split(' ').pop() ?? ''));
  for (const m of text.matchAll(DISP_DELETE)) {
    const name = m[1] ?? '';
    if (scratchDataset(name) || remade(name)) continue;
    out.push(`cli-destroy tso DISP-DELETE ${name}`);
  }
  return out;
}
