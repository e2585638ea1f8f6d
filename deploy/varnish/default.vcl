vcl 4.1;
# AfriqueActu's edge cache (Varnish 7.1, Debian's `varnish` package; nothing else needed).
# What it honours, the site's side (docs/deployment.md#varnish):
# - Surrogate-Control: max-age = how long the edge keeps an answer (hours), stale-if-error = how
#   long it may still serve it while the origin is down (grace). Browsers get Cache-Control only.
# - Surrogate-Key: the keys an answer depends on. `BAN` with `Surrogate-Key: k1 k2` removes every
#   object holding any of them; `PURGE <url>` removes one address (all its variants). Both only
#   from the `purgers` ACL: the site servers' addresses.
# - Vary as the origin sends it (pages: Save-Data, Cookie): the data-saver variant is answered
#   `private` and never kept here, so no reader in normal mode ever gets it, nor the reverse.
# `npm run edge` writes a copy of this file with its own origin port and ACL (scripts/edge/varnish.ts
# replaces the `.host`/`.port` lines of `backend origin` and the body of `acl purgers`).

import std;

backend origin {
    .host = "127.0.0.1";
    .port = "3000";
    # Down within ~3 s of the origin stopping (a stopped origin refuses the probe at once: three
    # failed 1 s probes), so grace (stale-if-error) takes over. An origin merely slow under a crowd
    # is not declared down: /robots.txt gets 3 s to answer, and it takes three failures out of five
    # (a 1 s timeout and two out of three made a busy origin "sick", and every miss a 503).
    .probe = {
        .url = "/robots.txt";
        .interval = 1s;
        .timeout = 3s;
        .window = 5;
        .threshold = 3;
        # Healthy from the start: no 503s during the first probes.
        .initial = 3;
    }
}

acl purgers {
    "127.0.0.1";
}

sub vcl_recv {
    if (req.method == "BAN") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        # Keys are lowercase ASCII words (docs/deployment.md); anything else could be a regex.
        set req.http.Surrogate-Key = regsuball(req.http.Surrogate-Key, "^\s+|\s+$", "");
        if (req.http.Surrogate-Key !~ "^[a-z0-9_-]+(\s+[a-z0-9_-]+)*$") {
            return (synth(400, "Surrogate-Key: space-separated keys [a-z0-9_-]"));
        }
        # An object matches when any of its keys is one of those asked: (^| )(k1|k2)( |$). The regex
        # goes unquoted (ban() would keep the quotes as part of it) and without \s (read as a plain
        # s). Only obj.* is tested: the ban lurker clears matching objects in the background and
        # the ban list stays short.
        if (std.ban("obj.http.Surrogate-Key ~ (^|[[:space:]])(" + regsuball(req.http.Surrogate-Key, "\s+", "|") + ")([[:space:]]|$)")) {
            return (synth(200, "Banned"));
        }
        return (synth(500, std.ban_error()));
    }
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        call normalise_query;
        return (purge);
    }
    # Only reads are kept; anything else goes to the origin as is (never piped).
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Someone signed in (an API token, or Supabase's session cookie as @supabase/ssr sets it) gets
    # their own answer.
    if (req.http.Authorization || req.http.Cookie ~ "(^|;\s*)sb-[^=;]*-auth-token(\.\d+)?=") {
        return (pass);
    }
    # A short link (/a/<id>?s=<channel>) answers a redirect that carries its channel tag on to the
    # article: the origin must see the tag, and the answer differs by it, so it is not kept here.
    if (req.url ~ "^/a/") {
        return (pass);
    }
    call normalise_query;
    # The only cookie the origin reads for public pages is the data-saver choice; every other
    # one (analytics…) is dropped so that `Vary: Cookie` makes three variants, not one per reader.
    if (req.http.Cookie ~ "(^|;\s*)data-saver=(on|off)(;|$)") {
        set req.http.Cookie = "data-saver=" + regsub(req.http.Cookie, "^(.*;\s*)?data-saver=(on|off)(;.*)?$", "\2");
    } else {
        unset req.http.Cookie;
    }
    # Save-Data is `on` or absent for the origin (src/public/dataSaver/choice.ts), so for Vary too.
    if (req.http.Save-Data ~ "(?i)^\s*on\s*$") {
        set req.http.Save-Data = "on";
    } else {
        unset req.http.Save-Data;
    }
    # While the origin is healthy, an expired object is served at most 30 s longer, while it is
    # fetched again (stale-while-revalidate); while it is down, the object's whole grace applies.
    if (std.healthy(req.backend_hint)) {
        set req.grace = 30s;
    }
    return (hash);
}

# Channel and tracking parameters (`s`, `utm_*`, `ref`, `fbclid`), which the origin ignores too:
# one object for the article however it was shared.
sub normalise_query {
    if (req.url ~ "[?&](s|utm_[a-z0-9_]*|ref|fbclid)(=|&|$)") {
        set req.url = regsuball(req.url, "&(s|utm_[a-z0-9_]*|ref|fbclid)(=[^&]*)?(?=&|$)", "");
        set req.url = regsub(req.url, "\?(s|utm_[a-z0-9_]*|ref|fbclid)(=[^&]*)?(?=&|$)", "?");
        set req.url = regsub(req.url, "\?&", "?");
        set req.url = regsub(req.url, "\?$", "");
    }
}

sub vcl_backend_response {
    # A background refresh that fails keeps the object it would have replaced (stale-if-error).
    if (beresp.status >= 500 && bereq.is_bgfetch) {
        return (abandon);
    }
    # `private` (a data-saver page, a reader's own answer) and `no-store` are never kept here,
    # whatever else the answer says.
    if (beresp.http.Cache-Control ~ "(?i)(^|[,\s])(private|no-store)([,=\s]|$)") {
        set beresp.ttl = 120s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    if (beresp.http.Surrogate-Control ~ "(?i)(^|[,\s])max-age=\d+") {
        set beresp.ttl = std.duration(regsub(beresp.http.Surrogate-Control, "(?i)^(.*[,\s])?max-age=(\d+).*$", "\2") + "s", 0s);
        if (beresp.http.Surrogate-Control ~ "(?i)(^|[,\s])stale-if-error=\d+") {
            set beresp.grace = std.duration(regsub(beresp.http.Surrogate-Control, "(?i)^(.*[,\s])?stale-if-error=(\d+).*$", "\2") + "s", 0s);
        } else {
            set beresp.grace = 30s;
        }
    }
    # The rest (Set-Cookie, Vary: *, no-cache without Surrogate-Control…) is the built-in rules'.
}

sub vcl_backend_error {
    if (bereq.is_bgfetch) {
        return (abandon);
    }
    # Varnish keeps a failed fetch's 503 (1 s, then 5 s of grace) when readers wait on it, and
    # serves it as a HIT to the whole crowd, past the origin's recovery (a background refresh that
    # fails keeps it): a reader gets the edge's error only when the origin fails them, never a kept one.
    set beresp.ttl = 0s;
    set beresp.grace = 0s;
    set beresp.keep = 0s;
}

sub vcl_deliver {
    # For tests, benches and whoever debugs: was the origin asked?
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    # The edge's own instructions stay here. An answer kept for hours and purged on change is
    # current when it leaves: without resetting Age a browser would count those hours against
    # its one minute (Cache-Control max-age) and keep nothing.
    if (resp.http.Surrogate-Control) {
        set resp.http.Age = "0";
    }
    unset resp.http.Surrogate-Control;
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
}
