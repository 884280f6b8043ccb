// Deploy platforms' one-off runners put an app's config vars (its production secrets) into the
// environment of the command they run: that command is decided as if run directly.
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];

test('environment dumps run through platform runners are denied', () => {
  check([
    x('D', 'heroku run env -a prod'),
    x('D', 'heroku run --app prod-api printenv'),
    x('D', 'heroku run:detached -a prod -- env'),
    x('D', 'railway run env'),
    x('D', 'railway run -s api -e production printenv'),
    x('D', 'netlify dev:exec printenv'),
    x('D', 'pipenv run env'),
    x('D', 'gh codespace ssh -c my-space -- env'),
  ]);
});

test('ordinary commands run through platform runners are decided as themselves', () => {
  check([
    x('B', 'heroku run bash -a staging-app'),
    x('B', 'heroku logs --tail -a prod'),
    x('B', 'railway run npm test'),
    x('B', 'pipenv run pytest -q'),
    x('B', 'netlify dev:exec npm run build'),
    x('B', 'gh codespace ssh -c my-space -- ls'),
    x('B', 'gh codespace list'),
  ]);
});
