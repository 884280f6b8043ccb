// The twenty-second session's lead readings, each with the everyday look-alike that stays allowed.
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];
const w = (want: Case[0], path: string, content: string): Case => [want, 'write', { path, content }];

test('a directory-scoped infrastructure tool destroys the production stack it was cd-ed into', () => {
  check([
    x('D', 'cd envs/prod && terraform destroy -auto-approve'),
    x('D', 'cd infra/production\ntofu destroy -auto-approve'),
    x('D', 'pushd stacks/prd; pulumi destroy --yes; popd'),
    // a CI job's script runs its items in one shell: the cd of one item holds for the next
    w(
      'D',
      '/home/dev/project/.gitlab-ci.yml',
      'stages: [infra]\ninfra-reset:\n  stage: infra\n  script:\n    - cd terraform/envs/prod\n    - terraform init\n    - terraform destroy -auto-approve\n',
    ),
    x('B', 'cd envs/prod && terraform plan -destroy'),
    x('B', 'cd envs/prod && terraform init && terraform validate'),
    // popd left the production directory before the destroy: the stack is not named
    x('A', 'pushd stacks/prod; popd; pulumi destroy --yes'),
    x('A', 'cd envs/staging && terraform destroy -auto-approve'),
  ]);
});
