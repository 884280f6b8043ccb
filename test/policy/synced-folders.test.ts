// A copy into a folder a sync client uploads (Dropbox, Google Drive, OneDrive, iCloud Drive ...)
// leaves the machine without a network command on the line: asked (policy synced-folder-copies,
// catalogue policies/catalogues/synced-folders.yaml), whatever writes there. Reading from such a
// folder, and project folders that happen to be called box or sync, are not.
import { test } from 'node:test';
import { check } from './effects-helpers.js';

test('copies, archives and writes into a synced folder are asked', () => {
  check([
    ['A', 'exec', { command: 'cp -r ~/alpha ~/Dropbox/personal/' }],
    ['A', 'exec', { command: 'tar czf ~/Dropbox/a.tgz ~/alpha' }],
    ['A', 'exec', { command: 'rsync -a ~/alpha/ ~/OneDrive/backup/' }],
    ['A', 'exec', { command: 'cp ~/alpha/strategy.py "/home/dev/Google Drive/notes/"' }],
    ['A', 'exec', { command: 'cp -r ~/alpha "/Users/dev/Library/Mobile Documents/com~apple~CloudDocs/alpha"' }],
    ['A', 'exec', { command: 'cp -r src /mnt/c/Users/dev/OneDrive/x/' }],
    ['A', 'exec', { command: 'copy C:\\Users\\dev\\game\\Source\\*.cpp C:\\Users\\dev\\OneDrive\\backup\\' }],
    ['A', 'write', { path: '/home/dev/Dropbox/notes/todo.md', content: 'x' }],
  ]);
});

test('reading from a synced folder, and project folders named like one, pass', () => {
  check([
    ['B', 'exec', { command: 'ls ~/Dropbox' }],
    ['B', 'exec', { command: 'cp ~/Dropbox/data.csv ./data/' }],
    ['B', 'exec', { command: 'cat ~/OneDrive/notes.md' }],
    ['B', 'exec', { command: 'cp -r ~/alpha /tmp/alpha-copy' }],
    ['B', 'write', { path: '/home/dev/project/docs/box/readme.md', content: 'x' }],
    ['B', 'write', { path: '/home/dev/project/sync/readme.md', content: 'x' }],
  ]);
});
