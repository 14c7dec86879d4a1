vcl 4.1;
# PharmaCompare behind Varnish, a stand-in for a CDN (decision 064, docs/operations.md "A shared
# cache in front"). Written for Debian 12's varnish 7.1 with varnish-modules' xkey vmod.
#
# What it does:
# - routes the API's paths to the API processes and everything else to the web processes, each a
#   round-robin director over health-probed backends, so a process that stops is skipped;
# - stores only answers the product declares shareable (Cache-Control "public" with s-maxage, no
#   Set-Cookie), and never looks in the cache for anything personal, token-bearing, admin or a
#   click-out, whatever the backend says (defence in depth: the product says no-store there too);
# - indexes each stored answer by its xkey response header (apps/api/src/cache/cache-tags.ts) and
#   lets the product's purger (apps/api/src/modules/shared-cache/) drop every answer under a tag
#   with `PURGE /` and `xkey-purge: <tags>`, from the purgers ACL only.
#
# Run: varnishd -a :80 -f /etc/varnish/pharmacompare.vcl -s malloc,1g, with PURGE_URLS naming
# http://<this cache>/ in every API process. scripts/varnish-server.ts runs it for the tests,
# replacing the block between the BEGIN/END backends markers with loopback addresses.

import directors;
import xkey;

# BEGIN backends
# Two machines, each running the web (3000) and the API (4000): `npm run start:cluster` or one
# process each. Add a backend line and an add_backend() per extra machine.

# The API's own health check (database reachable): a process failing it takes no requests.
probe api_health {
    .url = "/health";
    .interval = 2s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
    # Healthy from the start: a cache restarted in front of running processes serves at once.
    .initial = 2;
}

# The web has no health route; robots.txt is rendered without the API, so it says the process is up.
probe web_health {
    .url = "/robots.txt";
    .interval = 2s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
    # Healthy from the start: a cache restarted in front of running processes serves at once.
    .initial = 2;
}

backend web1 { .host = "10.0.0.11"; .port = "3000"; .probe = web_health; }
backend web2 { .host = "10.0.0.12"; .port = "3000"; .probe = web_health; }
backend api1 { .host = "10.0.0.11"; .port = "4000"; .probe = api_health; }
backend api2 { .host = "10.0.0.12"; .port = "4000"; .probe = api_health; }

sub vcl_init {
    new web = directors.round_robin();
    web.add_backend(web1);
    web.add_backend(web2);
    new api = directors.round_robin();
    api.add_backend(api1);
    api.add_backend(api2);
}

# Who may purge: the API processes (loopback, and the machines above). Anyone else could empty
# the cache at will and send every visitor to the origin at once.
acl purgers {
    "127.0.0.1";
    "::1";
    "10.0.0.11";
    "10.0.0.12";
}
# END backends

sub vcl_recv {
    # A tag purge from the product (modules/shared-cache): answers how many stored objects went.
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "Send the tags to purge in xkey-purge"));
        }
        set req.http.x-purged = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.x-purged));
    }

    # The API's paths (docs/operations.md's nginx routing): reads, the admin API, click-outs,
    # the one-click unsubscribe and the form posts the API answers itself.
    if (req.url ~ "^/(api/|go/|docs|openapi\.json|health$|subscriptions/subscribe)") {
        set req.backend_hint = api.backend();
    } else {
        set req.backend_hint = web.backend();
    }

    # Only reads are ever answered from the cache.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Staff and open-API callers (a session cookie or a bearer key): personal answers. The public
    # site sets no cookie of its own for visitors (decision 028), so any cookie means "not public".
    if (req.http.Authorization || req.http.Cookie) {
        return (pass);
    }
    # The back-office, the admin and open APIs, click-outs (each counted, decision 044) and the
    # pages opened from email links (their token is a secret, decisions 013 and 043).
    if (req.url ~ "^/(admin|api/admin|api/open|go/|confirm|unsubscribe|manage-emails|api/email/)") {
        return (pass);
    }
    # Any other address carrying a secret in its query string.
    if (req.url ~ "[?&](token|key)=") {
        return (pass);
    }
    return (hash);
}

sub vcl_hit {
    set req.http.x-cache = "hit";
    if (obj.ttl <= 0s) {
        # Served stale within stale-while-revalidate while a fresh copy is fetched.
        set req.http.x-cache = "hit-stale";
    }
}

sub vcl_miss {
    set req.http.x-cache = "miss";
}

sub vcl_pass {
    set req.http.x-cache = "pass";
}

sub vcl_backend_response {
    if (bereq.uncacheable) {
        return (deliver);
    }
    # Stored only when the product says a shared cache may keep it: "public" and an s-maxage,
    # nothing private, no Set-Cookie. Anything else is fetched anew each time (hit-for-miss, so a
    # later shareable answer for the same address is still stored).
    if (beresp.http.Set-Cookie
        || beresp.http.Cache-Control !~ "(^|[ ,])public([ ,]|$)"
        || beresp.http.Cache-Control !~ "s-maxage=[1-9]"
        || beresp.http.Cache-Control ~ "(private|no-store|no-cache)") {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # s-maxage sets the TTL (Varnish reads it before max-age); stale-while-revalidate sets the grace.
    return (deliver);
}

sub vcl_backend_error {
    # A read whose fetch failed (its process killed mid-answer, or refused before the probes marked
    # it sick) is asked again; the director hands the retry its next backend, so a visitor's read
    # survives one machine dying (topology/README.md). Bounded below varnishd's max_retries (4).
    # A write is never sent twice: it may have been done before the failure.
    if (bereq.retries < 3 && (bereq.method == "GET" || bereq.method == "HEAD")) {
        return (retry);
    }
}

sub vcl_deliver {
    # A debug header for operators and the tests: hit, hit-stale, miss or pass.
    set resp.http.X-Cache = req.http.x-cache;
    # The tags are for this cache only: visitors need not see what an answer was built from.
    unset resp.http.xkey;
}

sub vcl_synth {
    if (req.method == "PURGE" && req.http.x-purged) {
        set resp.http.X-Purged = req.http.x-purged;
    }
}
