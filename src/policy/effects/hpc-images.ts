// Images Apptainer/Singularity pull and run (`apptainer exec docker://OWNER/NAME ...`,
// `singularity run docker://...`). Unlike docker, these runtimes bind the caller's home folder,
// the working directory and /tmp into the container by default (apptainer.org docs, "Bind Paths
// and Mounts": system-defined bind paths), so an image's code runs with the user's files and keys
// in reach. An image from an unknown registry or posing as an official one is read by the
// installer catalogue (code-installers.yaml); here, a Docker Hub user's image run with that
// default bind is code fetched and run on the spot (`runs-unlisted images REF`), unless
// --contain/--no-home keeps the home folder out, or its owner is a publisher the catalogues know.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import { dependency } from './supply.js';
import { imageSourceFindings } from './sources.js';
import { isKnownOwner, isPopular } from './supply-data.js';

/**
 * Docker Hub organisations that publish the images HPC and research guides run (rocker-project.org,
 * Broad's GATK docs, BioContainers and nf-core docs, NVIDIA/PyTorch/TensorFlow/Jupyter docs,
 * Anaconda's continuumio and conda-forge's images, StaPH-B's public-health images).
 */
const RESEARCH_PUBLISHERS =
  /^(?:rocker|broadinstitute|biocontainers|nfcore|staphb|nvidia|pytorch|tensorflow|jupyter|continuumio|condaforge|mambaorg|bitnami|ubuntu|library|gcr\.io|nvcr\.io|julia|r-base|bioconductor|mcr\.microsoft\.com)$/;

/** Options that keep the home folder out of the container. */
const CONTAINED = /^(?:-c|-C|--contain|--containall|--no-home|--no-mount=home)$/;

export function hpcImageEffects(argv: string[], out: Effect[]): void {
  const prog = basename(argv[0] ?? '');
  if (prog !== 'apptainer' && prog !== 'singularity') return;
  const verb = argv.slice(1).find((w) => !w.startsWith('-')) ?? '';
  if (!/^(?:exec|run|shell|pull|build|instance)$/.test(verb)) return;
  const ref = argv.find((w) => /^docker:\/\//.test(w))?.slice(9);
  if (!ref) return;
  const via = `${prog} ${verb} runs the image ${ref}`;
  // an unknown registry or a look-alike is read by the installer catalogue (code-installers.yaml,
  // apptainer's image operands); what is left here is the Docker Hub user's image
  const found = imageSourceFindings(ref, via);
  if (found.length || verb === 'pull' || verb === 'build' || argv.some((w) => CONTAINED.test(w))) return;
  const parts = ref
    .replace(/^(?:docker\.io|index\.docker\.io|registry-1\.docker\.io)\//, '')
    .split('/')
    .map((p) => p.toLowerCase());
  if (parts.length !== 2 || /[.:]/.test(parts[0] ?? '')) return; // an official image, or another registry's
  const owner = parts[0] ?? '';
  const name = (parts[1] ?? '').replace(/[:@].*$/, '');
  if (RESEARCH_PUBLISHERS.test(owner) || isKnownOwner(owner) || isPopular('images', `${owner}/${name}`)) return;
  out.push(dependency(['runs-unlisted', 'images', `${owner}/${name}`], `${via} with the home folder bound in`));
}
