// Who a share, permission or link is for, read from the parameters of whatever tool or request
// makes it: a value that stands for everyone given to an audience key (Google Drive's permission
// `type: anyone`, Dropbox's `requested_visibility`/`audience: public`, S3's canned ACL
// `public-read`, GCS's `allUsers`, Box's `shared_link.access: open`, OneDrive's `scope: anonymous`,
// a sheet shared with `email: anyone`), or a switch that opens a link to anyone who has it
// (`link_sharing: true`, `public: true`, `anyone_with_link: true`). Sources: the sharing references
// of Google Drive (permissions.create), Dropbox (sharing/create_shared_link_with_settings), Box
// (shared links), Microsoft Graph (driveItem createLink), Amazon S3 canned ACLs and Cloud Storage
// IAM principals. No vendor's name is needed: the parameter says who gets in.

/** Parameter values that stand for everyone. */
export const PUBLIC_VALUE =
  /^(?:anyone|anyonewithlink|anyone_with_link|anyone-with-link|public|public-read|public-read-write|publicread|allusers|allauthenticatedusers|everyone|world|internet|anonymous|open|\*)$/i;
/** Keys that name who a share, permission or link is for. */
export const AUDIENCE_KEYS =
  /^(?:type|acl|visibility|requested_?visibility|access|audience|principal|principals|member|members|grantee|role_?type|scope|permission|link_?access|sharing|privacy|email|emails|email_?address|share_?with|shared_?with|who|with|recipient|recipients|target|access_?level|link_?type|share_?type)$/i;
/** Keys whose `true` opens a link, file or folder to anyone who has it. */
const PUBLIC_SWITCH =
  /^(?:link_?sharing|link_?share|public|is_?public|make_?public|public_?link|public_?access|anyone_?with_?link|anyone_?can_?(?:view|access|read)|allow_?anonymous(?:_?access)?|share_?publicly|published_?to_?web|publish_?to_?web)$/i;
/** Free text: its words are a message, not a setting. */
const TEXT_KEY = /^(?:text|body|content|message|description|note|comment|title|name|subject|caption|summary)$/i;

/** The parameter that opens a share to everyone, as `key: value`, or undefined. */
export function publicAudience(pairs: [string, unknown][]): string | undefined {
  for (const [k, v] of pairs) {
    if (TEXT_KEY.test(k)) continue;
    if (PUBLIC_SWITCH.test(k) && (v === true || v === 'true')) return `${k}: true`;
    if (!AUDIENCE_KEYS.test(k)) continue;
    const values = Array.isArray(v) ? v : [v];
    const hit = values.find((x) => typeof x === 'string' && PUBLIC_VALUE.test(x.trim()));
    if (typeof hit === 'string') return `${k}: ${hit.slice(0, 20)}`;
  }
  return undefined;
}

/**
 * A write to a video or media platform that takes a hosted item's protection off, whatever the
 * path (the item's own resource is updated, no share endpoint is involved): a privacy setting
 * made public (Vimeo `privacy.view: anybody`, YouTube `status.privacyStatus: public`, Wistia and
 * JW Player `visibility: public`, Mux playback `policy: public`), or signed or private playback
 * switched off (Cloudflare Stream `requireSignedURLs: false`, Kaltura/Brightcove `private: false`).
 * Sources: Vimeo API (videos PATCH, privacy.view), YouTube Data API (videos.update status), Mux
 * Video API (playback IDs, policy), Cloudflare Stream API (requireSignedURLs).
 */
const PRIVACY_KEY = /^(?:view|privacy_?status|privacyStatus|visibility|policy|playback_?policy|embed)$/i;
const PRIVACY_PUBLIC = /^(?:anybody|public|unlisted_public|everyone|anyone)$/i;
const PROTECTION_SWITCH =
  /^(?:require_?signed_?urls|requireSignedURLs|signed_?urls?|signed|private|is_?private|require_?auth\w*|drm)$/i;

export function privacyOpened(pairs: [string, unknown][]): string | undefined {
  for (const [k, v] of pairs) {
    if (PROTECTION_SWITCH.test(k) && (v === false || v === 'false')) return `${k}: false`;
    if (!PRIVACY_KEY.test(k)) continue;
    const values = Array.isArray(v) ? v : [v];
    const hit = values.find((x) => typeof x === 'string' && PRIVACY_PUBLIC.test(x.trim()));
    if (typeof hit === 'string') return `${k}: ${hit}`;
  }
  return undefined;
}

/** Path segments of a request that shares, publishes or sets who may see something. */
export const SHARE_SEGMENT =
  /^(?:share|shares|shared|sharing|shared_?links?|share_?links?|create_shared_link\w*|createlink|create_?link|links?|permissions?|acl|acls|visibility|publish|public_?link|invitations?|collaborators?|collaborations?|iam|setiampolicy|policy)$|^(?:share|create_?(?:shared_?)?link|set_?permissions?|add_?permission|make_?public)[\w-]*$/i;
