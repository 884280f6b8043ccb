// The help of `svc policy` and its subcommands, apart from the code that runs them: `svc policy
// --help` and a bad argument print without loading the engine (about 0.3 s of module import and
// more CPU than the rest of such a call together).

export const replayHelp = `usage: svc policy replay CANDIDATE [--from DATE] [--to DATE] [--agent A] [--json]

Re-decides every call recorded in the audit log under CANDIDATE and prints the decisions that
would change, by recorded -> candidate action and the candidate's deciding rule, with examples.
Each call is decided as recorded (fields the record holds redacted or truncated are decided as
they read, and marked and counted in the report), at its recorded time and in recorded order.
Nothing is sent anywhere: no webhook is called, no rule file is changed.

CANDIDATE    a directory of policy files (or one file) in place of <data-dir>/policies/,
             layered on the same base as the live set; a profile name (standard, strict,
             permissive, ci) for that profile alone; or live for the live set
  --from DATE      first UTC day to replay, YYYY-MM-DD (default: the oldest in the log)
  --to DATE        last UTC day to replay (default: the newest)
  --agent A        only calls made by agent A
  --examples N     examples per row (default 3, at most 100)
  --jobs N         threads deciding calls (default: the number of CPUs, at most 4);
                   1 decides every call on the replay thread
  --heap-mb N      heap cap of each replay thread in MiB (default: from the set's size,
                   at least 256); memory stays flat however long the log
  --json           the report as JSON
  --config PATH    the base, as for svc serve   --data-dir DIR   (default $SERVICE_HOME, else ~/.svc)
  --audit-dir DIR  the audit log (default <data-dir>/audit)

Exit status: 0 nothing would change, 1 some decisions would change, 2 the candidate or the log
could not be read, 64 bad arguments.`;

export const diffHelp = `usage: svc policy diff A B [--corpus FILE]... [--audit] [--json]

The calls policy sets A and B decide differently, counted by A -> B action and B's deciding rule,
with examples. A and B are each a directory of policy files (or one file) in place of
<data-dir>/policies/, layered on the live base; a profile name (standard, strict, permissive,
ci) for that profile alone; or live for the live set.

Calls compared: the shipped attack and benign corpora by default; --corpus FILE (repeatable)
names corpus files instead (the word "shipped" stands for the shipped ones); --audit adds every
call the audit log recorded (alone when no --corpus is given; --from, --to and --agent narrow it
as for svc policy replay).

  --examples N     examples per row (default 3)
  --json           the report as JSON
  --config PATH    the base, as for svc serve   --data-dir DIR   --audit-dir DIR

Exit status: 0 the sets agree, 1 they differ somewhere, 2 a set, corpus or the log could not be
read, 64 bad arguments.`;

export const policyHelp = `usage: svc policy lint FILE... [--json]
       svc policy explain COMMAND [--tool T] [--config PATH|PROFILE] [--all] [--json]
       svc policy explain --session ID [--json]
       svc policy reload [--accept-removal]
       svc policy replay CANDIDATE [--from DATE] [--to DATE] [--agent A] [--json]
       svc policy diff A B [--corpus FILE]... [--audit] [--json]
       svc policy promote

lint     checks policy files without loading them into a server: unknown keys (with a
         suggestion), bad actions and values, patterns that can never match, risky regexes,
         rules that an earlier rule of the same policy always decides first, and allow rules
         that hide a later deny. Each finding has file:line:col. Exit 1 when there are errors,
         0 with warnings only.

explain  shows how the engine reads a call (normalized command, executed parts, every spelling
         deny rules look at; or the path spellings, URL and domain), every rule that matched or
         nearly matched and why, and why the decision is what it is. For --tool read, write or
         edit the argument is a path; for fetch, web_fetch, http or browser a URL.
         With --session ID and no COMMAND it asks the running server what its session-aware
         rules know about that session: taint labels (and the credential or run that carries
         them) and its recent calls (docs/session-rules.md).

  --tool T         tool class (default exec)
  --config PATH    policy file, directory, or standard|strict|permissive|ci (default as svc serve)
  --data-dir DIR   where the default policies live (default $SERVICE_HOME, else ~/.svc)
  --agent NAME     agent id (default cli)      --session ID   session id
  --workdir DIR    working directory (default the current directory)
  --all            also list rules in scope that did not match
  --json           machine-readable output

reload   asks the running server to reload its policy files now. When a file of the set in
         force has disappeared, the server keeps the last good set until the file returns;
         --accept-removal is the explicit act that drops it (docs/policy-layers.md).

replay   re-decides the calls of the audit log under a candidate set (below)
diff     the calls two policy sets decide differently (below)
promote  asks the running server to make its shadow set (svc serve --shadow DIR) live: the
         live policy directory takes the shadow's files, atomically; admin token only
         (docs/shadow-and-replay.md)

${replayHelp}

${diffHelp}`;
