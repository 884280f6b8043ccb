// Folders whose files came from elsewhere and are trusted by no one here (foreign-runs.ts reads
// files run from them, supply-hooks.ts packages installed from them).
/**
 * Folders named for files that came from elsewhere and are not trusted: evidence and artefacts of
 * an investigation, malware and its quarantine, mail attachments, other people's uploads,
 * submissions and incoming drops; and, inside an incident or case folder (cases/IR-117/...), what
 * was extracted, carved, dumped or collected from the compromised host. Matched as whole folder
 * names, in either slash.
 */
export const FOREIGN_FOLDER =
  /(?:^|[/\\])(?:evidence|malware|malicious|quarantined?|infected|suspicious|attachments|mail downloads|submissions?|uploads?|incoming|untrusted)[/\\]|(?:^|[/\\])(?:cases|incidents?|investigations?|forensics|dfir|triage)[/\\](?:[^/\\]+[/\\])*(?:extracted|carved|samples|artifacts|artefacts|dumps|collected)[/\\]/i;

/** A line can run such a file only when it names such a folder (a cheap first look). */
export const FOREIGN_HINT =
  /evidence|malware|malicious|quarantin|infected|suspicious|attachments|mail downloads|submission|upload|incoming|untrusted|extracted|carved|samples|artifacts|artefacts|dumps|collected/i;
