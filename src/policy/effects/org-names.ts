// Names where only an organisation's own people can publish code, for the readings of where code
// comes from (an image's registry, a package index, a dependency's code host):
//  - names only the organisation's network resolves (fetch-readings.ts, isInternalName:
//    nexus.corp.local, registry.acme.internal);
//  - names under top-level domains whose registration is restricted to vetted government and
//    military bodies: .gov (the DotGov program, 6 CFR part 37's eligibility: US federal, state,
//    local and tribal governments), .mil (the US Department of Defense), and the government and
//    military second levels of country domains (gov.uk, gov.au, gov.in, mil.br, gc.ca, gouv.fr).
//    An attacker cannot register registry.enclave.gov as they can registry-enclave.io, so an image
//    pulled or a package index named there is that body's own mirror.
// Only trust in a source: sending data to such a host is still decided as sending it anywhere.
import { isInternalName } from './fetch-readings.js';

const RESTRICTED_SUFFIX = /\.(?:gov|mil|(?:gov|mil)\.[a-z]{2}|gc\.ca|gouv\.fr)$/i;

/** A host under a name that only its organisation can publish at. */
export function isOrgSourceName(host: string): boolean {
  const h = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return isInternalName(h) || RESTRICTED_SUFFIX.test(h);
}
