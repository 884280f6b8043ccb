// What a Dockerfile's RUN lines do to the image, not to this machine. An image build runs each
// RUN in a throwaway container whose /etc, accounts and startup files are the image's own: `RUN
// useradd -m ci && echo 'ci ALL=(ALL) NOPASSWD:ALL' >> /etc/sudoers`, `RUN echo 'export
// PATH=/opt/x/bin:$PATH' >> /etc/profile`, `RUN chmod u+s /usr/bin/ping` configure the image the
// way its README says. Read as code planted in the project, those lines looked like a root grab
// or a login hook on the host. They are left out of the script that is decided; everything else
// in a RUN line still is: downloads piped into a shell, package sources, secrets sent over the
// network (docs/effects.md, "What a Dockerfile runs").
//
// A command is left out only when it is, whole and on its own, one of:
//   - a write (echo/printf with > or >>, or piped into tee) to the image's sudoers, profile,
//     environment or cron files;
//   - chpasswd or passwd (accounts of the image), with or without an echo piped in;
//   - chmod of the image's sudoers file, or a setuid/setgid bit on a file of the image.
// A line whose quotes do not balance within each command is kept whole (a split inside
// `sh -c '...'` would change what the rest means).

/** Files of the image that hold its accounts' rights and startup code. */
const IMAGE_CONFIG = String.raw`\/etc\/(?:sudoers(?:\.d\/[\w.-]+)?|profile(?:\.d\/[\w.-]+)?|bash\.bashrc|zsh\/zshrc|environment|cron\.d\/[\w.-]+|crontab)`;

const LEAVE_OUT: readonly RegExp[] = [
  new RegExp(String.raw`^(?:echo|printf)\s[^|<>;&]*>>?\s*${IMAGE_CONFIG}$`),
  new RegExp(String.raw`^(?:echo|printf)\s[^|<>;&]*\|\s*tee\s+(?:-a\s+)?${IMAGE_CONFIG}(?:\s*>\s*\/dev\/null)?$`),
  /^(?:(?:echo|printf)\s[^|<>;&]*\|\s*)?(?:chpasswd|passwd)(?:\s+[\w.-]+)*$/,
  new RegExp(String.raw`^chmod\s+0?[0-7]{3}\s+\/etc\/sudoers(?:\.d\/[\w.-]+)?$`),
  /^chmod\s+(?:[ugoa]*\+[rwx]*s[rwx]*|[2-7][0-7]{3})\s+\/(?:usr\/(?:local\/)?)?s?bin\/[\w.-]+$/,
];

/** Whether single and double quotes balance in a piece of a line. */
function balanced(s: string): boolean {
  let q = '';
  for (const c of s) {
    if (q) {
      if (c === q) q = '';
    } else if (c === "'" || c === '"') q = c;
  }
  return q === '';
}

/** The RUN script of a Dockerfile without the commands that only configure the image's own accounts and startup files. */
export function imageScript(script: string): string {
  if (!/\/etc\/|passwd|chmod/.test(script)) return script;
  return script
    .split('\n')
    .map((line) => {
      const pieces = line.split(/\s*(?:&&|\|\||;)\s*/);
      if (pieces.length === 0 || !pieces.every(balanced)) return line;
      const kept = pieces.filter((p) => !LEAVE_OUT.some((re) => re.test(p.trim())));
      return kept.length === pieces.length ? line : kept.join(' && ');
    })
    .join('\n');
}
