// Access opened to someone else, read by its audience: everyone and other cloud accounts are
// denied, a named person or key and a safeguard turned down are asked, and reads, removals and
// grants kept to loopback or the owner stay allowed (standard profile; docs/effects.md, "Access opened").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { exec } from './helpers.js';
import { loadEngine } from '../../src/policy/engine.js';
import { PACKAGE_ROOT } from '../../src/util/version.js';
import { accessGrantEffects } from '../../src/policy/effects/access-grants.js';
import { simpleCommands } from '../../src/policy/effects/walk.js';
import type { Effect } from '../../src/policy/effects/types.js';

const standard = loadEngine(join(PACKAGE_ROOT, 'policies', 'standard.yaml'));
const decide = (command: string) => standard.evaluate(exec(command), { dryRun: true }).action;

function readings(line: string): string[] {
  const cmds = simpleCommands(line);
  const out: Effect[] = [];
  accessGrantEffects({ text: line, cmds, programs: new Set() }, out);
  return out.map((e) => e.command ?? '');
}

test('access grants: the audience is read from the grant, whatever the service', () => {
  assert.deepEqual(
    readings('aws lambda add-permission --function-name f --principal "*" --action lambda:InvokeFunction'),
    ['opens-access public aws lambda add-permission'],
  );
  assert.deepEqual(
    readings(
      'aws ec2 modify-snapshot-attribute --snapshot-id s --attribute createVolumePermission --operation-type add --user-ids 111122223333',
    ),
    ['opens-access other-account aws ec2 modify-snapshot-attribute'],
  );
  assert.deepEqual(readings('gh api -X PATCH repos/o/r -f private=false'), [
    'opens-access public gh api PATCH repos/o/r',
  ]);
  assert.deepEqual(readings('gh api repos/o/r/collaborators'), []);
  // a share taken back opens nothing (the removal verb is another policy's business)
  assert.deepEqual(
    readings(
      'aws ec2 modify-snapshot-attribute --snapshot-id s --attribute createVolumePermission --operation-type remove --user-ids 999988887777',
    ),
    [],
  );
});

const DENY: [string, string][] = [
  ['aws ec2 modify-image-attribute --image-id ami-1 --launch-permission "Add=[{Group=all}]"', 'an image made public'],
  [
    'aws rds modify-db-snapshot-attribute --db-snapshot-identifier s --attribute-name restore --values-to-add all',
    'a database snapshot made public',
  ],
  [
    'aws ec2 modify-snapshot-attribute --snapshot-id s --attribute createVolumePermission --operation-type add --user-ids 999988887777',
    'a snapshot shared with another account',
  ],
  [
    'aws kms create-grant --key-id k --grantee-principal arn:aws:iam::999999999999:root --operations Decrypt',
    'a key granted to another account',
  ],
  [
    'aws ram create-resource-share --name x --resource-arns arn:aws:ec2:us-east-1:1:subnet/s --principals 999988887777',
    'a resource share',
  ],
  ['aws lambda create-function-url-config --function-name f --auth-type NONE', 'a function URL without auth'],
  [
    'aws s3api put-public-access-block --bucket b --public-access-block-configuration BlockPublicAcls=false,IgnorePublicAcls=false,BlockPublicPolicy=false,RestrictPublicBuckets=false',
    'the public access block turned off',
  ],
  [
    'gcloud run services add-iam-policy-binding api --member=allUsers --role=roles/run.invoker',
    'a service opened to allUsers',
  ],
  ['az storage account update -n data --allow-blob-public-access true', 'anonymous blob access'],
  ['az snapshot grant-access -g rg -n snap1 --duration-in-seconds 36000', 'a disk download link'],
  [
    'aws redshift authorize-snapshot-access --snapshot-identifier s --account-with-restore-access 999988887777',
    'a warehouse snapshot shared',
  ],
  [
    'bq add-iam-policy-binding --member=allUsers --role=roles/bigquery.dataViewer proj:ds.t',
    'a table opened to allUsers',
  ],
  ['gh repo edit acme/x --visibility public', 'a repository made public'],
  ['gh api -X PATCH repos/acme/x -f private=false', 'a repository made public through the API'],
  ['glab api -X PUT projects/12 -f visibility=public', 'a GitLab project made public'],
  [
    'kubectl create rolebinding all-edit --clusterrole=edit --group=system:authenticated -n prod',
    'a role bound to every caller',
  ],
];
for (const [command, why] of DENY)
  test(`access grants: ${why} is denied`, () => assert.equal(decide(command), 'deny', command));

const ASK: [string, string][] = [
  ['gh api -X PUT repos/acme/api/collaborators/ext-user -f permission=push', 'a collaborator added'],
  ['gh api --method PUT orgs/acme/memberships/ext-user -f role=member', 'an organization member added'],
  [
    'gh api -X POST repos/acme/infra/keys -f title=ci -f key="ssh-ed25519 AAAA x" -F read_only=false',
    'a deploy key added',
  ],
  ['glab api -X POST projects/12/members -f user_id=99 -f access_level=30', 'a GitLab member added'],
  [
    'gh api -X POST repos/acme/x/hooks -f "config[url]=https://collector.example/h" -f "events[]=push"',
    'a webhook to another address',
  ],
  [
    'gh api -X PUT repos/acme/lib/actions/permissions/workflow -f default_workflow_permissions=write',
    'workflow tokens given write access',
  ],
  [
    'kubectl label ns prod pod-security.kubernetes.io/enforce=privileged --overwrite',
    'privileged pods let into a namespace',
  ],
  ['redis-server --protected-mode no --bind 0.0.0.0', 'an open redis without a password'],
  ['chmod 644 ~/.ssh/id_rsa', 'a private key made readable by others'],
  ['chmod go+r ~/.aws/credentials', 'cloud credentials made readable by others'],
  ['chmod 777 ~/.ssh', 'the ssh folder made writable by others'],
];
for (const [command, why] of ASK)
  test(`access grants: ${why} is asked`, () => assert.equal(decide(command), 'ask', command));

const ALLOW: [string, string][] = [
  ['gh api repos/acme/x/collaborators', 'listing collaborators'],
  ['gh api repos/acme/x', 'reading a repository'],
  ['gh api user/keys', "listing one's own keys"],
  ['gh repo edit acme/x --description "API server"', 'editing a description'],
  [
    'aws s3api put-public-access-block --bucket b --public-access-block-configuration BlockPublicAcls=true,IgnorePublicAcls=true,BlockPublicPolicy=true,RestrictPublicBuckets=true',
    'the public access block turned on',
  ],
  ['aws lambda get-policy --function-name f', 'reading a policy'],
  ['gcloud projects get-iam-policy acme-dev --format=json', 'reading IAM bindings'],
  ['redis-server --protected-mode no --bind 127.0.0.1', 'redis on loopback'],
  ['chmod 600 ~/.ssh/id_ed25519', 'a key made private'],
  ['chmod 644 ~/.ssh/id_ed25519.pub', 'a public key made readable'],
  ['chmod 644 ~/.ssh/config', 'ssh config made readable'],
  ['chmod 644 certs/server.key', "a project's test certificate"],
  ['chmod -R 755 dist', 'build output made readable'],
  ['kubectl label ns dev team=payments', 'an ordinary namespace label'],
];
for (const [command, why] of ALLOW)
  test(`access grants: ${why} is allowed`, () => assert.equal(decide(command), 'allow', command));
