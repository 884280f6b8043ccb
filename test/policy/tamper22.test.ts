// svc switched off by indirection: start-up and environment files that later shells, logins and
// terminals read (PATH with the system directories ahead of svc-shim, SHELL past it, the preload
// variables blanked), an edit that takes svc's set-up out of a start-up file, svc's server started
// under limits it cannot work with, and R one-liners deleting svc's files. Each with the routine
// look-alikes that stay open.
import { test } from 'node:test';
import { check, checkCommands } from './effects-helpers.js';

const H = '/home/dev';

test('PATH rebuilt with the system directories first, or reset to them, in a start-up file', () => {
  checkCommands(
    [
      "echo 'export PATH=/usr/bin:$PATH' >> ~/.bashrc",
      "printf 'export PATH=/bin:/usr/bin:$PATH\\n' >> ~/.profile",
      'cat >> ~/.zshrc <<\'EOF\'\nexport PATH="/usr/local/bin:/usr/bin:/bin"\nEOF',
      "sed -i 's#^export PATH=.*svc.*#export PATH=/usr/bin:$PATH#' ~/.bashrc",
      "echo 'export SHELL=/bin/bash' >> ~/.bashrc",
    ],
    'stop',
  );
  checkCommands(
    [
      "echo 'export PATH=$HOME/.local/bin:$PATH' >> ~/.bashrc",
      'echo \'export PATH="$HOME/go/bin:$PATH"\' >> ~/.zshrc',
      "echo 'export PATH=/opt/homebrew/bin:$PATH' >> ~/.zprofile",
      "echo 'export PATH=/usr/local/go/bin:$PATH' >> ~/.profile",
      "echo 'export PATH=$PATH:/usr/sbin:/sbin' >> ~/.bashrc",
    ],
    'pass',
  );
});

test("login environment files and service managers: svc's variables and PATH for everything started later", () => {
  checkCommands(
    [
      "mkdir -p ~/.config/environment.d && echo 'LD_PRELOAD=' > ~/.config/environment.d/10-nopreload.conf",
      "echo 'PATH DEFAULT=/usr/bin:/bin' >> ~/.pam_environment",
      "cat > ~/.config/environment.d/50-path.conf <<'EOF'\nPATH=/usr/bin:/bin:${PATH}\nEOF",
      "[Environment]::SetEnvironmentVariable('PATH','C:\\Windows\\System32;'+$env:PATH,'User')",
      'setx PATH "C:\\Windows\\System32;%PATH%"',
      'launchctl setenv PATH /usr/bin:/bin:/usr/sbin:/sbin',
      'systemctl --user set-environment PATH=/usr/bin:/bin',
    ],
    'deny',
  );
  checkCommands(
    [
      "mkdir -p ~/.config/environment.d && echo 'EDITOR=nvim' > ~/.config/environment.d/10-editor.conf",
      "cat > ~/.config/environment.d/50-path.conf <<'EOF'\nPATH=$HOME/.local/bin:${PATH}\nEOF",
      'systemctl --user set-environment PATH=$HOME/.local/bin:$PATH',
      'setx PATH "%PATH%;C:\\Tools\\bin"',
      "[Environment]::SetEnvironmentVariable('PATH', $env:PATH + ';C:\\Tools', 'User')",
      "[Environment]::SetEnvironmentVariable('JAVA_HOME','C:\\Program Files\\Java\\jdk-17','User')",
    ],
    'pass',
  );
});

test("terminals an editor or tmux starts, given an environment without svc's preload", () => {
  check([
    [
      'D',
      'write',
      {
        path: `${H}/project/.vscode/settings.json`,
        content: '{\n  "terminal.integrated.env.linux": {"LD_PRELOAD": ""}\n}\n',
      },
    ],
    ['D', 'exec', { command: 'echo \'set-environment -g LD_PRELOAD ""\' >> ~/.tmux.conf' }],
    [
      'B',
      'write',
      {
        path: `${H}/project/.vscode/settings.json`,
        content: '{\n  "terminal.integrated.env.linux": {"NODE_ENV": "development"}\n}\n',
      },
    ],
    ['B', 'exec', { command: "echo 'set -g mouse on' >> ~/.tmux.conf" }],
  ]);
});

test("an edit that takes svc's set-up out of a start-up file", () => {
  check([
    [
      'D',
      'edit',
      {
        path: `${H}/.profile`,
        old_string: 'export PATH="$HOME/.svc/shim:$PATH"',
        new_string: 'export PATH="$PATH"',
      },
    ],
    ['B', 'edit', { path: `${H}/.profile`, old_string: 'export EDITOR=nano', new_string: 'export EDITOR=vim' }],
    [
      'B',
      'write',
      { path: `${H}/.bashrc`, content: "# my settings\nalias ll='ls -la'\nexport PATH=$HOME/bin:$PATH\n" },
    ],
  ]);
});

test("svc's server started under limits it cannot work with", () => {
  checkCommands(
    [
      'ulimit -n 3 && svc serve',
      'ulimit -v 10000; svc serve --foreground',
      'ulimit -Sn 8; svc serve',
      'prlimit --nofile=4:4 svc serve',
    ],
    'deny',
  );
  checkCommands(
    ['ulimit -n 65535 && make -j8', 'ulimit -n 4096 && node server.js', 'ulimit -n 1024; svc serve', 'svc status'],
    'pass',
  );
});

test("R one-liners deleting svc's files", () => {
  checkCommands(
    [
      'Rscript -e \'unlink(file.path(Sys.getenv("HOME"), ".svc"), recursive=TRUE)\'',
      'Rscript -e \'file.remove("~/.svc/policies/standard.yaml")\'',
    ],
    'deny',
  );
  checkCommands(
    ['Rscript -e \'unlink("tmp/cache", recursive=TRUE)\'', 'Rscript -e \'rmarkdown::render("report.Rmd")\''],
    'pass',
  );
});

test("archive members named on the line are the files unpacked: svc's files and agents' settings among them", () => {
  checkCommands(
    [
      'cd ~ && tar -xf /tmp/x.tar .svc/policies/standard.yaml',
      'tar -xf /tmp/x.tar -C ~ .svc/config.yaml',
      'cd ~ && unzip -o /tmp/dotfiles.zip .svc/config.yaml',
      'unzip -o /tmp/d.zip -d ~ .claude/settings.json',
    ],
    'deny',
  );
  checkCommands(
    [
      'unzip data.zip -d data',
      'unzip -o release.zip bin/tool -d ./vendor',
      'tar -xzf src.tgz src/main.c',
      'tar xf x.tar -C build docs/readme.md',
    ],
    'pass',
  );
});

test('fish and 7z spellings of the same effects', () => {
  checkCommands(
    [
      "echo 'set -gx PATH /usr/bin /bin $PATH' >> ~/.config/fish/conf.d/00-path.fish",
      'cd ~ && 7z x -y /tmp/pack.7z .svc/policies/standard.yaml',
    ],
    'deny',
  );
  checkCommands(
    [
      "echo 'set -gx PATH $HOME/.local/bin $PATH' >> ~/.config/fish/conf.d/00-path.fish",
      'tar -C /usr/local -xzf go1.22.linux-amd64.tar.gz',
      '7z x -y release.7z -o./vendor',
    ],
    'pass',
  );
});
