// Deletes carried out by macOS automation (interp/languages.ts, OSASCRIPT): Finder and System
// Events told to delete or trash a file or folder, in AppleScript or JXA (`osascript -l
// JavaScript`), are deletes of that path, decided where the path is. Benign look-alikes: a build
// artifact trashed, notifications, quitting an app, revealing a folder.
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];
const tell = (app: string, what: string) => `osascript -e 'tell application "${app}" to ${what}'`;

test('Finder and System Events deletes are the deletes of their paths; other AppleScript passes', () => {
  check([
    x('D', `${tell('Finder', 'delete POSIX file "/Users/dev/project"')} -e 'tell application "Finder" to empty trash'`),
    x('D', tell('Finder', 'move POSIX file "/home/dev/project" to trash')),
    x('D', tell('Finder', 'delete (POSIX file "/home/dev/Documents" as alias)')),
    x('D', tell('System Events', 'delete folder "/home/dev/project"')),
    x('D', `osascript -l JavaScript -e 'Application("Finder").delete(Path("/home/dev/project"))'`),
    x('A', tell('Finder', 'delete POSIX file "/home/dev/project/src"')),
    x('B', tell('Finder', 'delete POSIX file "/home/dev/project/build/old.zip"')),
    x('B', `osascript -e 'display notification "Build done" with title "Xcode"'`),
    x('B', tell('Simulator', 'quit')),
    x('B', tell('Finder', 'reveal POSIX file "/home/dev/project/build"')),
    x('B', `osascript -l JavaScript -e 'Application("Music").pause()'`),
  ]);
});
