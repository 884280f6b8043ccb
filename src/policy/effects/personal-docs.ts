// A person's own papers, money and keys, named by the file rather than by the program that sends
// it: an identity document (passport, driving licence, ID card, birth certificate, social-security
// card), tax and bank papers (returns, W-2/1099/1040 forms, statements, payslips), medical records,
// and what restores a wallet or an account (a seed or recovery phrase, recovery or backup codes,
// wallet.dat). Sent off the machine by any channel (curl's file options, mail attachments, an MCP
// send or post tool, a mail client scripted through AppleScript), each reads as
// `shares-data personal-document FILE to WHERE`, which the exfiltration policy asks about: no
// program is needed to know that a passport scan leaving the machine is the user's to decide.
// Opening or reading these files locally is no part of this. Sources: NIST SP 800-122's examples of
// PII (passport and driver's licence numbers, financial and medical records), BIP-39 (a mnemonic
// sentence restores every key of a wallet), and the recovery-code pages of the account providers.
import type { Effect } from './types.js';

/** Names that hold one of these whatever folder they sit in. */
const STRONG =
  /(?:^|[^a-z])(?:passports?|driver'?s?[-_ ]?licen[cs]es?|drivers?[-_ ]?licen[cs]es?|birth[-_ ]?certificates?|social[-_ ]?security|ssn[-_ ]?card|id[-_ ]?(?:card|scan)s?|seed[-_ ]?(?:phrase|words|backup)s?|mnemonics?|recovery[-_ ]?(?:phrase|kit|codes?|sheet)s?|backup[-_ ]?codes?|2fa[-_ ]?(?:codes?|backup)|wallet\.dat|tax[-_ ]?returns?|w-?2s?|1099s?|1040s?|bank[-_ ]?statements?|pay[-_ ]?stubs?|payslips?|medical[-_ ]?records?|health[-_ ]?records?)(?:[^a-z]|$)/i;
/** Words that say the same inside a person's own document folders (~/Documents/Taxes/2023.pdf). */
const WEAK =
  /(?:^|[^a-z])(?:tax(?:es)?|id|identity|crypto|wallets?|seed|bank(?:ing)?|medical|health|insurance|visa|financ(?:e|es|ial)|statements?|legal|private|personal|estate|mortgage|pension|immigration)(?:[^a-z]|$)/i;
/** A person's own folders: macOS and Linux home folders, iCloud Drive. */
const PERSONAL_FOLDER =
  /^(?:~|\$HOME|\$\{HOME\}|\/Users\/[^/]+|\/home\/[^/]+)\/(?:Documents|Desktop|Downloads|Pictures|Library\/Mobile Documents)\//i;
/** Source code and build files: a `tax.py` module or `src/wallet/` is the project's, not the person's. */
const CODE =
  /\.(?:[cm]?[jt]sx?|py|rb|go|rs|java|kt|swift|c|h|cpp|cs|php|ex|exs|erl|hs|ml|scala|sql|sh|ya?ml|toml|lock|html|css)$/i;

/**
 * Documents an organisation marks or names as confidential (a board's minutes or deck, salaries and
 * payroll, terminations and severance, NDAs and contracts, a merger, a layoff plan, "internal only",
 * "do not distribute"): the same reading, for the company's papers rather than a person's.
 */
const CONFIDENTIAL =
  /(?:^|[^a-z])(?:confidential|board[-_ ]?(?:minutes|deck|pack|meeting)s?|salar(?:y|ies)|payroll|terminations?|termination[-_ ]letters?|severance|nda|contracts?|merger|acquisition|m&a|layoffs?|internal[-_ ]only|do[-_ ]not[-_ ]distribute|restricted)(?:[^a-z]|$)/i;
/** Office documents and scans, the form such papers take. */
const DOCUMENT = /\.(?:pdf|docx?|xlsx?|pptx?|odt|ods|odp|key|pages|numbers|rtf|eml|msg|jpe?g|png|heic|tiff?)$/i;

/**
 * A person's records kept by their applications (a mailbox, chat history, address book, calendar,
 * photo library, browser history) and an investigation's evidence (memory and disk images, event
 * logs, registry hives, packet captures): each holds other people's messages and a machine's
 * secrets whole. Sources: the stores' documented formats (mbox, PST/OST, Apple Messages chat.db,
 * AddressBook .abcddb, vCard, iCalendar, Photos Library.photoslibrary, Chromium/Firefox History and
 * places.sqlite), and the forensic image and artefact formats (EWF .E01, raw .dd/.img, AFF4,
 * LiME/.mem/.vmem/.dmp, Windows .evtx and SAM/SYSTEM/NTUSER.DAT hives, pcap/pcapng).
 */
const RECORD_STORE =
  /(?:\.(?:mbox|pst|ost|emlx|vcf|ics|abcddb|photoslibrary|e01|ex01|aff4|vmem|vmss|lime|dmp|evtx|pcapng?)$|(?:^|\/)(?:chat\.db|places\.sqlite|History|NTUSER\.DAT|SAM|SYSTEM|SECURITY|AddressBook-v\d+\.abcddb|Photos Library\.photoslibrary(?:\/.*)?)$|(?:^|\/)(?:mem(?:ory)?|ram|disk|image)[\w.-]*\.(?:raw|mem|dd|img|bin)$)/i;

/** Whether a path names a person's identity, money, health or wallet papers, or a confidential document. */
export function personalDocument(path: string): boolean {
  const p = path.replace(/^["']|["']$/g, '');
  if (CODE.test(p)) return false;
  const name = p.split('/').pop() ?? '';
  if (STRONG.test(name)) return true;
  if (DOCUMENT.test(name) && CONFIDENTIAL.test(name)) return true;
  if (RECORD_STORE.test(p)) return true;
  if (!PERSONAL_FOLDER.test(p)) return false;
  const under = p.replace(PERSONAL_FOLDER, '');
  return STRONG.test(under) || WEAK.test(under);
}

/** Hosts on this machine or its private network: a file posted there stays with its owner. */
const LOCAL_URL =
  /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?(?:localhost|127\.|\[::1\]|0\.0\.0\.0|10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.|[\w.-]+\.(?:local|localhost|internal|lan)(?:[:/]|$))/i;

/**
 * Personal documents among the files a command line sends (the reads the egress readings record as
 * "X sends F"), unless every host the line reaches is this machine or its network.
 */
export function personalDocumentSends(effects: Effect[]): Effect[] {
  const sent = effects.filter(
    (e) => e.tool === 'read' && e.path && / (?:sends|attaches|uploads) /.test(e.via) && personalDocument(e.path),
  );
  if (!sent.length) return [];
  const urls = effects.filter((e) => e.tool === 'fetch' && e.url).map((e) => e.url ?? '');
  const away = urls.filter((u) => !LOCAL_URL.test(u));
  if (urls.length && !away.length) return [];
  const host = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?([^/:?#]+)/i.exec(away[0] ?? '')?.[1];
  return sent.map((e) =>
    personalShare(e.path ?? '', host ?? / to (\S+)/.exec(e.via)?.[1] ?? 'remote', `${e.via}, a personal document,`),
  );
}

export function personalShare(file: string, where: string, via: string): Effect {
  const w = (s: string) => s.replace(/[^\w@/.:~-]/g, '_') || 'remote';
  return {
    tool: 'exec',
    command: `shares-data personal-document ${w(file)} to ${w(where)}`,
    via: `${via} to ${where}`,
  };
}

/**
 * A mail composed and sent by scripting a mail client (AppleScript's Mail or Outlook: `make new
 * attachment with properties {file name: POSIX file "F"}` and `send`): each file attached is sent.
 */
export function scriptedMailAttachments(code: string): Effect[] {
  if (!/\bsend\b/i.test(code) || !/\battachment\b/i.test(code)) return [];
  const out: Effect[] = [];
  for (const m of code.matchAll(/\bfile\s+name\s*:\s*(?:POSIX\s+file\s+)?"([^"]+)"/gi))
    if (m[1]) out.push({ tool: 'read', path: m[1], via: `osascript mail attaches ${m[1]}` });
  const to = /\baddress\s*:\s*"([^"]+@[^"]+)"/i.exec(code)?.[1];
  if (to) for (const e of out) e.via = `osascript mail attaches ${e.path ?? ''} to ${to} and sends`;
  return out;
}
