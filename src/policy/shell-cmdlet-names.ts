// Which program names are PowerShell cmdlets. A name of the form Verb-Noun is read as a cmdlet
// only when its verb is one of PowerShell's approved verbs (`Get-Verb`; Microsoft's "Approved
// Verbs for PowerShell Commands"), so hyphenated program names (`acme-cli`, `newsletter-cli`)
// keep their own readings. A file of its own, without imports, so that any shell reading can ask.

const APPROVED_VERBS = new Set(
  (
    'add approve assert backup block build checkpoint clear close compare complete compress confirm connect ' +
    'convert convertfrom convertto copy debug deny deploy disable disconnect dismount edit enable enter exit ' +
    'expand export find format get grant group hide import initialize install invoke join limit lock measure ' +
    'merge mount move new open optimize out ping pop protect publish push read receive redo register remove ' +
    'rename repair request reset resize resolve restart restore resume revoke save search select send set ' +
    'show skip split start step stop submit suspend switch sync test trace unblock undo uninstall unlock ' +
    'unprotect unpublish unregister update use wait watch write'
  ).split(' '),
);

/** Whether a (lower-cased) program name is a cmdlet's Verb-Noun. */
export function isCmdletName(name: string): boolean {
  const m = /^([a-z]+)-[a-z][a-z0-9]*$/.exec(name);
  return !!m && APPROVED_VERBS.has(m[1] ?? '');
}
