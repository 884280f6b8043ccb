// Data destroyed through a program, call or file nobody listed: a database file written over by
// what a program makes, every file of a data folder deleted without recursion, a narrowed find
// piped into xargs rm, code run later by `trap`, Emacs Lisp, CMake or just, .NET's own deletes and
// writers in PowerShell, truncation to nothing in Python, Node and Ruby, the Python launcher on
// Windows, cryptsetup luksFormat, sfdisk --delete, wsl --unregister, and source files of older
// languages deleted or emptied by kind. Look-alikes: the same calls on build output, scratch,
// caches, logs, the project's own files, copies onto a database (a restore or backup), appends.
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];
const w = (want: Case[0], path: string, content: string): Case => [want, 'write', { path, content }];

test('a database file outside the project written over is its data gone; copies onto it and appends are not', () => {
  check([
    x('A', `python3 -c "open('/var/lib/app/app.db','w').close()"`),
    x('A', 'echo x > /var/lib/app/app.db'),
    x('A', `node -e "require('fs').writeFileSync('/srv/app/data/app.db','x')"`),
    x('A', `powershell -c "[IO.File]::WriteAllText('C:\\srv\\data\\app.db', 'x')"`),
    x('B', 'cp /var/lib/app/app.db /backups/app.db'),
    x('B', `python3 -c "open('/srv/app/data/app.db','a').write('x')"`),
    x('B', `python3 -c "open('app.db','w').close()"`),
    x('B', 'echo x > /var/lib/app/dev.db'),
    x('B', `python3 -c "open('out.json','w').write('{}')"`),
  ]);
});

test('truncation to nothing in Python, Node, Ruby and PowerShell is the shell truncate', () => {
  check([
    x('A', `python3 -c "import os; os.truncate('/srv/app/data/app.db', 0)"`),
    x('A', `node -e "require('fs').truncateSync('/srv/app/data/app.db')"`),
    x('A', `ruby -e 'File.truncate("/srv/app/data/app.db", 0)'`),
    x('A', 'powershell -c "Clear-Content -Path D:\\data\\*.db"'),
    x('B', `python3 -c "import os; os.truncate('tmp/out.log', 0)"`),
    x('B', `node -e "require('fs').truncateSync('out.log')"`),
    x('B', 'powershell -c "Clear-Content -Path .\\logs\\app.log"'),
  ]);
});

test("every file of a data folder deleted is the folder's content gone; scratch and build output are not", () => {
  check([
    x('A', 'rm -f /srv/data/*'),
    x('A', `php -r 'array_map("unlink", glob("/var/www/uploads/*"));'`),
    x('B', 'rm -f /tmp/x/*'),
    x('B', 'rm -f build/*'),
    x('B', 'rm -f ~/projects/app/dist/*'),
    x('B', 'rm ~/.cache/pip/*'),
  ]);
});

test('a find narrowed by age or kind piped into xargs rm is judged as its own -delete would be', () => {
  check([
    x('A', 'find /mnt/tank/photos -mtime +365 | xargs rm -f'),
    x('D', 'find /data/backups -mtime +30 -type f | xargs rm -f'),
    // an age sweep of a data folder is routine, with -delete as through xargs
    x('B', 'find /srv/data -type f -mtime +90 | xargs rm -f'),
    x('B', 'find /tmp -type f -mtime +7 | xargs rm -f'),
    x('B', 'find . -type f -mtime +30 | xargs rm -f'),
    x('B', 'find ~/.cache -type f -atime +30 -print0 | xargs -0 rm -f'),
    x('B', 'find /srv/data -type f -mtime +90 | xargs ls -l'),
  ]);
});

test('code run later or by another program: trap, Emacs Lisp, CMake, just', () => {
  check([
    x('D', "trap 'rm -rf ~/projects' EXIT; echo done"),
    x('D', `emacs --batch --eval '(delete-directory "~/projects" t)'`),
    w(
      'D',
      '/home/dev/project/CMakeLists.txt',
      'cmake_minimum_required(VERSION 3.20)\nproject(app)\nfile(REMOVE_RECURSE $ENV{HOME})\n',
    ),
    w('D', '/home/dev/project/justfile', 'clean:\n    rm -rf {{env_var("HOME")}}/*\n'),
    x('B', `trap 'rm -rf "$TMPDIR_WORK"' EXIT`),
    x('B', 'trap - EXIT'),
    x('B', `emacs --batch --eval '(delete-file "build/x.o")'`),
    w(
      'B',
      '/home/dev/project/CMakeLists.txt',
      'cmake_minimum_required(VERSION 3.20)\nproject(app)\nfile(REMOVE_RECURSE ${CMAKE_BINARY_DIR}/gen)\nexecute_process(COMMAND git describe --tags OUTPUT_VARIABLE V)\n',
    ),
    w('B', '/home/dev/project/justfile', 'clean:\n    rm -rf target dist\n'),
  ]);
});

test(".NET's deletes in PowerShell and the Python launcher are read as the deletes they are", () => {
  check([
    x('D', `powershell -c "[IO.Directory]::Delete($env:USERPROFILE + '\\source', $true)"`),
    x('D', `powershell -c "[IO.Directory]::Delete('D:\\data', $true)"`),
    x('D', `py -3 -c "import shutil; shutil.rmtree('/srv/data')"`),
    x('B', `powershell -c "[IO.Directory]::Delete('bin', $true)"`),
    x('B', 'py -3 -m pip install requests'),
  ]);
});

test('disks and distributions wiped by cryptsetup luksFormat, sfdisk --delete and wsl --unregister', () => {
  check([
    x('D', 'cryptsetup luksFormat -q /dev/sdb'),
    x('D', 'sfdisk --delete /dev/sda'),
    x('D', 'wsl --unregister Ubuntu-22.04'),
    x('D', 'powershell.exe -c "wsl.exe --unregister Ubuntu-22.04"'),
    x('B', 'cryptsetup luksOpen /dev/sdb data'),
    x('B', 'wsl -l -v'),
  ]);
});

test('source files of older languages deleted or emptied by kind are asked', () => {
  check([
    x('A', 'truncate -s 0 /home/dev/project/cobol/src/*.cbl'),
    x('A', "find /home/dev/project -name '*.cbl' -exec rm {} +"),
    x('A', `perl -e 'unlink glob "/home/dev/project/cobol/*/*.cbl"'`),
    x('B', "find . -name '*.pyc' -delete"),
    x('B', "find . -name '*.o' -delete"),
  ]);
});
