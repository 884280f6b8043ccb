// `gh api` / `glab api` command lines read once for every reading that looks at them
// (access-grants.ts, forge-grants.ts): the method, the route and the fields sent. As gh and glab
// do, a call with fields or an --input body and no method is a POST.

export interface ForgeApiCall {
  /** Upper-case HTTP method. */
  method: string;
  /** The endpoint without leading slashes or query (`repos/o/r/collaborators/u`). */
  route: string;
  /** `key=value` of every -f/-F/--field/--raw-field. */
  fields: string[];
}

/** Options that take a separate value and are not the route. */
const WITH_VALUE = /^(?:-H|--header|-q|--jq|-t|--template|--hostname|--cache|-p|--preview)$/;

/** argv of `gh api ...` or `glab api ...` (program, `api`, then its words), or undefined without a route. */
export function forgeApiCall(argv: string[]): ForgeApiCall | undefined {
  let method = '';
  let route = '';
  let body = false;
  const fields: string[] = [];
  for (let i = 2; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const m = /^(?:-X|--method)(?:=?(.*))$/.exec(w);
    if (m) {
      method = (m[1] || argv[++i] || '').toUpperCase();
      continue;
    }
    const f = /^(?:-f|-F|--field|--raw-field)(?:=(.*))?$/.exec(w);
    if (f) {
      fields.push(f[1] ?? argv[++i] ?? '');
      continue;
    }
    if (w === '--input') {
      body = true;
      i++;
      continue;
    }
    if (WITH_VALUE.test(w)) {
      i++;
      continue;
    }
    if (!w.startsWith('-') && !route) route = w.replace(/^\/+/, '').split('?')[0] ?? '';
  }
  if (!route) return undefined;
  return { method: method || (fields.length || body ? 'POST' : 'GET'), route, fields };
}
