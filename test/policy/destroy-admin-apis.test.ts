// Self-hosted platforms' admin REST APIs (the destructive-http catalogue's hosted-apis section):
// a DELETE of a whole repository, project, realm, space, secrets engine or namespace, and the
// delete endpoints called by POST (Jenkins doDelete, SonarQube bulk_delete), are asked whatever
// the host is called. One item inside, reads, and a local development API pass.
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];

test('a whole container deleted through a self-hosted admin API is asked; one item, reads and local APIs pass', () => {
  check([
    x(
      'A',
      'curl -u admin:"$NEXUS_PASS" -X DELETE https://nexus.corp.local/service/rest/v1/repositories/maven-releases',
    ),
    x('A', 'curl -H "X-JFrog-Art-Api: $K" -X DELETE https://artifactory.corp.local/artifactory/libs-release-local/'),
    x('A', 'curl -u admin:$P -X DELETE https://harbor.corp.local/api/v2.0/projects/payments'),
    x('A', 'curl -X DELETE -H "Authorization: Bearer $T" https://grafana.corp.local/api/folders/prod-dashboards'),
    x('A', 'curl -X DELETE -H "Authorization: Bearer $T" https://sso.corp.local/admin/realms/corp'),
    x('A', 'curl -u $U:$T -X DELETE https://wiki.corp.local/rest/api/space/PAY'),
    x('A', 'http DELETE https://vault.corp.local/v1/sys/mounts/secret X-Vault-Token:$VAULT_TOKEN'),
    x('A', 'curl -X POST -u admin:$T https://jenkins.corp.local/job/payments-deploy/doDelete'),
    x('A', 'curl -u $T: -X POST "https://sonar.corp.local/api/projects/bulk_delete?q=payments"'),
    x('A', 'curl -X DELETE http://127.0.0.1:8001/api/v1/namespaces/payments'),
    x('B', 'curl -X DELETE -u admin:$P https://nexus.corp.local/service/rest/v1/components/bWF2ZW4tc25hcHNob3Rz'),
    x('B', 'curl -u admin:$P https://nexus.corp.local/service/rest/v1/repositories'),
    x('B', 'curl -X DELETE http://localhost:8080/api/todos/42'),
    x('B', 'curl -X DELETE -H "Authorization: Bearer $T" https://api.corp.local/v1/sessions/current'),
    x('B', 'curl -u admin:$T https://jenkins.corp.local/job/payments-deploy/api/json'),
  ]);
});
