// Data let out by a PowerShell cmdlet of any module, read from its parameters rather than its name:
//   - a sharing setting opened to anyone or to outsiders: `-Scope Anonymous`, `-ShareType
//     AnonymousAccess`, `-SharingCapability ExternalUserAndGuestSharing`, `-Visibility Public`,
//     `-AllowAnonymousAccess $true` (SharePoint/OneDrive sharing links and tenant settings, Teams
//     and M365 group visibility, storage public access): `opens-access public pwsh CMDLET`;
//   - output written to a UNC path on another network: `Out-File \\203.0.113.9\drop\x`, `Export-Csv
//     -Path \\files.example.net@SSL\DavWWWRoot\x` (a UNC path to a public address or a dotted
//     outside name is an SMB or WebDAV upload, asked as a copy to another host is): `shares-data
//     unc-share to HOST`. A file server of the
//     organisation (`\\fs01\share`, `\\10.0.0.5\x`, `\\nas.corp.local\x`) is not this;
//   - mail sent by a cmdlet with a file attached to a personal webmail address (Send-MailMessage,
//     Graph's Send-MgUserMail with ContentBytes): `shares-data mail-attachment to ADDRESS`.
// Sources: PnP PowerShell (Add-PnPFileSharingLink -ShareType/-Scope, Set-PnPTenantSite
// -SharingCapability), SharePoint Online Management Shell (Set-SPOSite -SharingCapability
// values Disabled, ExistingExternalUserSharingOnly, ExternalUserSharingOnly,
// ExternalUserAndGuestSharing), Microsoft Teams (Set-Team -Visibility), about_Providers (UNC
// paths), Microsoft.Graph.Users.Actions Send-MgUserMail.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { WEBMAIL } from './data-shares.js';

export const CMDLET_SHARE_HINT =
  /anonymous|anyone|external|public|\\\\[\w.-]+\\|(?:^|[\s'"=])\/\/[\w.-]+|send-\w*mail/i;

/** Options whose value is who a share or a setting lets in. */
const AUDIENCE_OPTION =
  /^-(?:scope|sharetype|sharingcapability|visibility|linktype|defaultsharinglinktype|access|accesslevel|publicaccess|anonymousaccess|externalsharing|sharing|audience)$/i;
/** Values that let in anyone, or anyone outside the organisation. */
const OPEN_AUDIENCE =
  /^(?:anonymous\w*|anyone\w*|public\w*|everyone|external\w*|externaluserandguestsharing|externalusersharingonly|guest\w*)$/i;
/** Switches that allow anonymous or outside access when on. */
const OPEN_SWITCH = /^-(?:allow|enable)(?:anonymous|external|public|guest|anyone)\w*$/i;
const TRUE = /^(?:\$?true|1|yes|on|enabled)$/i;

/** Verbs whose parameters set or create something (a Get- with `-Scope Public` only filters). */
const CHANGING = /^(?:add|new|set|grant|update|enable|publish|register|edit|share)-/i;

/** Cmdlets that write what they are given to a path. */
const WRITERS =
  /^(?:out-file|export-\w+|set-content|add-content|copy-item|move-item|compress-archive|start-bitstransfer|copy|xcopy|robocopy|move|cp|mv|tee-object)$/i;

/** A UNC path's host, spelled with backslashes or with slashes after the POSIX reading. */
const UNC = /^(?:\\\\|\/\/)([^\\/\s@]+)(@ssl)?(?:@\d+)?[\\/]/i;
/** Private, loopback and link-local IPv4 addresses, and names of the organisation's own network. */
const PRIVATE_IP =
  /^(?:10\.|127\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.|169\.254\.|100\.(?:6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.)/;
const INTERNAL_NAME = /^[\w-]+$|\.(?:local|lan|corp|internal|intra|intranet|home|ad|domain|localdomain|private)$/i;

/** The outside host a UNC path names, or undefined for the organisation's own file servers. */
export function outsideUncHost(path: string): string | undefined {
  const m = UNC.exec(path);
  if (!m) return undefined;
  const host = (m[1] ?? '').toLowerCase();
  if (m[2]) return host;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return PRIVATE_IP.test(host) ? undefined : host;
  if (INTERNAL_NAME.test(host) || !host.includes('.')) return undefined;
  return host;
}

function safe(w: string): string {
  return w.replace(/[^\w@/.:~-]/g, '_').slice(0, 120) || '_';
}

/** Sharing opened, outside UNC writes and webmail attachments by cmdlets of any module. */
export function cmdletShareEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const argv = c.argv;
    const name = basename(argv[0] ?? '').toLowerCase();
    if (CHANGING.test(name)) {
      for (let i = 1; i < argv.length; i++) {
        const w = argv[i] ?? '';
        const [key = '', inline] = w.split(/:(.*)/s);
        const value = (inline ?? argv[i + 1] ?? '').replace(/^['"]|['"]$/g, '');
        if (
          (AUDIENCE_OPTION.test(key) && OPEN_AUDIENCE.test(value)) ||
          (OPEN_SWITCH.test(key) &&
            (inline === undefined
              ? !argv[i + 1] || argv[i + 1]?.startsWith('-') || TRUE.test(value)
              : TRUE.test(value)))
        ) {
          out.push({
            tool: 'privilege',
            command: `opens-access public pwsh ${safe(name)} ${safe(value || key)}`,
            via: `${argv[0] ?? name} ${key} ${value} opens it to ${/external|guest/i.test(value) ? 'people outside the organisation' : 'anyone with the link'}`,
          });
          return;
        }
      }
    }
    // the POSIX reading of Out-File and Set-Content writes by redirection (shell-windows-posix.ts)
    const targets = c.redirs.filter((r) => r.op.startsWith('>')).map((r) => r.target);
    if (WRITERS.test(name) || targets.length) {
      for (const w of [...(WRITERS.test(name) ? argv.slice(1) : []), ...targets]) {
        const host = outsideUncHost(w.replace(/^-\w+:/, ''));
        if (!host) continue;
        out.push({
          tool: 'exec',
          command: `shares-data unc-share to ${safe(host)}`,
          via: `${argv[0] ?? name} writes to ${w}, a share on ${host} outside the organisation's network`,
        });
        return;
      }
    }
  }
  // mail with a file attached, to a personal webmail address
  const text = line.text;
  if (/send-\w*mail/i.test(text) && /attachment|contentbytes|readallbytes/i.test(text)) {
    for (const m of text.matchAll(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g)) {
      const addr = m[0];
      if (!WEBMAIL.test(addr)) continue;
      out.push({
        tool: 'exec',
        command: `shares-data mail-attachment to ${safe(addr)}`,
        via: `mails a file to the personal address ${addr}`,
      });
      return;
    }
  }
}
