// Channels data leaves by, as data: programs that send local files to another machine (cloud
// storage copies, file-transfer clients, mail, peer-to-peer drops, code-hosting CLIs).
// Sources: each tool's own reference: gsutil cp/mv/rsync, gcloud storage cp, aws s3 cp/mv/sync
// and s3api put-object --body, az storage blob/file upload(-batch), azcopy copy/sync, rclone
// copy/sync/move/copyto, s3cmd put/sync, b2 upload-file/sync, oci os object put/bulk-upload,
// ibmcloud cos upload, gh gist create/release upload/issue and pr --body-file/api --input,
// glab snippet create, lftp -e/-c, ftp/sftp batch put, smbclient -c put, tftp -c put, mail/mailx
// -a, mutt -a, swaks --attach/--body, croc send, magic-wormhole send, ffsend upload,
// onionshare-cli, ipfs add, paste-site clients (pastebinit, wgetpaste, fpaste, gist, ix), PowerShell Invoke-WebRequest/Invoke-RestMethod -InFile/-Body and
// Send-MailMessage -Attachments.
import { table } from '../../util/lookup-table.js';

/** How a program sends files: `sub` is the subcommand path (after options), then where the files are. */
export interface Sender {
  /** Subcommand words that make the call a send (each alternative a path of words). */
  subs?: string[][];
  /** Options whose value is a file or directory sent. */
  fileOpts?: string[];
  /** Options taking a value (skipped when finding operands). */
  withArg?: string[];
  /** Which operands are sent: every one but the last (cp-like: SRC... DST), every one, or none. */
  operands?: 'sources' | 'all' | 'all-but-first' | 'all-but-last' | 'none';
  /**
   * A personal file-hosting service or a device nearby: what it is given leaves the organisation
   * whatever the file, so each send also reads as `shares-data` (asked).
   */
  personal?: boolean;
  /** Options whose value is a script of ftp-like commands (put FILE). */
  scriptOpts?: string[];
  /** The script is read from standard input too (sftp -b -, ftp <<EOF). */
  scriptOnStdin?: boolean;
}

const CP_LIKE: Sender = { operands: 'sources' };

export const SENDERS: Record<string, Sender> = table({
  gsutil: { subs: [['cp'], ['mv'], ['rsync']], withArg: ['-o', '-h', '-z', '-j', '-a', '-p', '-x', '-u'], ...CP_LIKE },
  gcloud: {
    subs: [
      ['storage', 'cp'],
      ['storage', 'mv'],
      ['storage', 'rsync'],
      ['alpha', 'storage', 'cp'],
    ],
    withArg: ['--project', '--account', '--configuration', '--content-type', '--cache-control'],
    ...CP_LIKE,
  },
  aws: {
    subs: [
      ['s3', 'cp'],
      ['s3', 'mv'],
      ['s3', 'sync'],
      ['s3api', 'put-object'],
      ['s3api', 'upload-part'],
    ],
    fileOpts: ['--body'],
    withArg: [
      '--profile',
      '--region',
      '--endpoint-url',
      '--exclude',
      '--include',
      '--acl',
      '--bucket',
      '--key',
      '--storage-class',
      '--sse',
      '--content-type',
      '--expires',
      '--cache-control',
    ],
    ...CP_LIKE,
  },
  az: {
    subs: [
      ['storage', 'blob', 'upload'],
      ['storage', 'blob', 'upload-batch'],
      ['storage', 'file', 'upload'],
      ['storage', 'file', 'upload-batch'],
      ['storage', 'fs', 'file', 'upload'],
    ],
    fileOpts: ['--file', '-f', '--source', '-s'],
    operands: 'none',
  },
  azcopy: { subs: [['copy'], ['cp'], ['sync']], ...CP_LIKE },
  rclone: {
    subs: [['copy'], ['sync'], ['move'], ['copyto'], ['moveto'], ['bisync']],
    withArg: ['--config', '--exclude', '--include', '--filter', '--transfers', '--checkers', '--bwlimit'],
    ...CP_LIKE,
  },
  s3cmd: { subs: [['put'], ['sync'], ['cp']], withArg: ['-c', '--config', '--exclude', '--include'], ...CP_LIKE },
  b2: { subs: [['upload-file'], ['sync'], ['file', 'upload']], operands: 'all-but-first' },
  oci: {
    subs: [
      ['os', 'object', 'put'],
      ['os', 'object', 'bulk-upload'],
    ],
    fileOpts: ['--file', '--src-dir'],
    operands: 'none',
  },
  ibmcloud: {
    subs: [
      ['cos', 'upload'],
      ['cos', 'object-put'],
    ],
    fileOpts: ['--file', '--body'],
    operands: 'none',
  },
  gh: {
    subs: [['gist', 'create'], ['gist', 'edit'], ['release', 'upload'], ['issue'], ['pr'], ['api']],
    fileOpts: ['--body-file', '-F', '--field', '--input', '--add'],
    withArg: ['-d', '--desc', '--description', '-f', '--filename', '-R', '--repo', '-X', '--method', '-H', '--header'],
    operands: 'none',
  },
  glab: {
    subs: [
      ['snippet', 'create'],
      ['release', 'upload'],
    ],
    withArg: ['-t', '--title', '-d', '-R'],
    operands: 'all',
  },
  lftp: { scriptOpts: ['-e', '-c'], scriptOnStdin: true, withArg: ['-u', '-p', '-f'], operands: 'none' },
  ftp: { scriptOnStdin: true, operands: 'none' },
  sftp: { scriptOpts: ['-b'], scriptOnStdin: true, operands: 'none' },
  smbclient: { scriptOpts: ['-c', '--command'], scriptOnStdin: true, operands: 'none' },
  tftp: { scriptOpts: ['-c'], scriptOnStdin: true, operands: 'none' },
  mail: { fileOpts: ['-a', '-A', '--attach'], withArg: ['-s', '-c', '-b', '-r'], operands: 'none' },
  mailx: { fileOpts: ['-a', '-A', '--attach'], withArg: ['-s', '-c', '-b', '-r'], operands: 'none' },
  's-nail': { fileOpts: ['-a', '--attach'], withArg: ['-s', '-c', '-b', '-r'], operands: 'none' },
  mutt: { fileOpts: ['-a'], withArg: ['-s', '-c', '-b', '-F', '-e'], operands: 'none' },
  neomutt: { fileOpts: ['-a'], withArg: ['-s', '-c', '-b', '-F', '-e'], operands: 'none' },
  swaks: {
    fileOpts: ['--attach', '--attach-body', '--body', '--data'],
    withArg: ['--to', '--from', '-s', '--server', '--header'],
    operands: 'none',
  },
  croc: { subs: [['send']], withArg: ['--code', '--relay', '--pass'], operands: 'all' },
  wormhole: { subs: [['send']], withArg: ['--code', '--text'], operands: 'all' },
  'magic-wormhole': { subs: [['send']], withArg: ['--code', '--text'], operands: 'all' },
  ffsend: {
    subs: [['upload'], ['u']],
    withArg: ['--host', '--password', '--downloads', '--expiry-time'],
    operands: 'all',
  },
  'onionshare-cli': { operands: 'all' },
  ipfs: { subs: [['add']], operands: 'all' },
  sendme: { subs: [['send']], operands: 'all' },
  // paste-site clients: pastebinit(1) (-i FILE or operands), wgetpaste, fpaste, the gist gem, ix
  pastebinit: {
    fileOpts: ['-i', '--input'],
    withArg: ['-a', '-b', '-f', '-t', '-u', '-p', '-l', '-j', '-m'],
    operands: 'all',
  },
  wgetpaste: {
    withArg: ['-s', '--service', '-l', '--language', '-d', '--description', '-n', '--nick', '-e', '--expiration'],
    operands: 'all',
  },
  fpaste: { withArg: ['-n', '-l', '-d', '-x', '-t', '--title'], operands: 'all' },
  gist: { withArg: ['-f', '--filename', '-d', '--description', '-t', '--type', '-u', '--update'], operands: 'all' },
  ix: { withArg: ['-n', '-i'], operands: 'all' },
  // personal file hosting: MEGAcmd mega-put SRC... [DST] and megatools megaput FILE..., the gdrive
  // CLI (gdrive upload / gdrive files upload), Dropbox's dbxcli put SRC [DST], the Box CLI
  // (box files:upload), pCloud's pcloud-cli upload
  'mega-put': { withArg: ['--clientID'], operands: 'all-but-last', personal: true },
  megaput: { withArg: ['--path', '-u', '--username', '-p', '--password'], operands: 'all', personal: true },
  megacopy: { fileOpts: ['--local'], withArg: ['--remote', '-u', '-p'], operands: 'none', personal: true },
  gdrive: {
    subs: [['upload'], ['files', 'upload'], ['sync', 'upload']],
    withArg: ['--parent', '-p', '--name', '--mime', '--description', '--config'],
    operands: 'all',
    personal: true,
  },
  dbxcli: { subs: [['put']], operands: 'all-but-last', personal: true },
  box: {
    subs: [['files:upload'], ['folders:upload']],
    withArg: ['--parent-id', '-p', '--name'],
    operands: 'all',
    personal: true,
  },
  // a phone or laptop nearby: bluetooth-sendto(1), blueman-sendto, obexftp --put, KDE Connect --share
  'bluetooth-sendto': { withArg: ['--device', '--dest', '--name'], operands: 'all', personal: true },
  'blueman-sendto': { withArg: ['--device', '-d'], operands: 'all', personal: true },
  obexftp: {
    fileOpts: ['-p', '--put', '-U', '--upload'],
    withArg: ['-b', '-d', '-B', '-c', '-u'],
    operands: 'none',
    personal: true,
  },
  'kdeconnect-cli': {
    fileOpts: ['--share'],
    withArg: ['-d', '--device', '-n', '--name'],
    operands: 'none',
    personal: true,
  },
});

/** PowerShell web and mail cmdlets (and their aliases), whose parameters carry files and bodies. */
export const POWERSHELL_SENDERS = new Set([
  'invoke-webrequest',
  'iwr',
  'invoke-restmethod',
  'irm',
  'send-mailmessage',
  'start-bitstransfer',
]);
