// The small things a person creates and removes all day on a service: deleting one of them,
// by an MCP tool (effects/mcp-destroys.ts) or an HTTP DELETE (shell-http-destroy.ts), loses
// nothing another person relies on. Everything else an account keeps (a customer, a product, a
// case, an album, a page) is asked when it is deleted.

/**
 * Objects whose deletion is everyday work and loses nothing another person relies on: notes and
 * markers on other things, one person's to-dos and messages, a membership, a file or folder given
 * by path (mcp-files.ts judges those by their target), a branch or tag (mcp-tools.ts).
 */
export const WORK_ITEMS = new Set(
  (
    'comment reply reaction emoji label tag draft task subtask todo checklist reminder alarm member subscriber ' +
    'list_member assignee watcher follower attachment file path dir directory bookmark star favorite favourite pin ' +
    'notification event message email mail note card item line_item cart_item entry time_entry worklog snippet ' +
    'highlight annotation session cookie cache webhook hook alert branch ref tag status story post issue thread ' +
    'conversation chat ticket breakpoint watch schedule job run build artifact component asset memory ' +
    // an agent's own knowledge-graph memory (the MCP memory server's entities, observations, relations)
    'entity observation relation ' +
    // a pod, which its controller starts again
    'pod'
  ).split(' '),
);
