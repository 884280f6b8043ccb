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
  /\/media\/|\/mnt\/|evidence|malware|malicious|quarantin|infected|suspicious|attachments|mail downloads|submission|upload|incoming|untrusted|extracted|carved|samples|artifacts|artefacts|dumps|collected/i;

/**
 * The mount points of removable drives and discs (udisks2's /run/media/USER/LABEL, the older
 * /media/[USER/]LABEL, /mnt/usb*, /mnt/cdrom): a script run from there arrived on a medium nobody
 * scanned, as an autorun script does. Packages installed from one are how offline machines are
 * patched, and are left to the installer readings.
 */
export const REMOVABLE_MOUNT =
  /^(?:\/run\/media\/[^/]+\/[^/]+|\/media\/[^/]+|\/mnt\/(?:usb|cdrom|dvd|removable|flash|thumb)[^/]*)\//;
