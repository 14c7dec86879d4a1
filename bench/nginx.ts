import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sparePort } from "./ports.ts";
import type { StaticFile } from "./served-bytes.ts";

/**
 * A yardstick of `npm run bench`: Debian's nginx-light with one worker on a spare loopback port,
 * serving from files the very bytes the product answered (compressed as it compressed them) under
 * the product's own headers, Content-Encoding included, so each ratio compares like with like.
 */
export interface Nginx {
  url(index: number): string;
  /** The master's pid: its worker is its child (bench/wrk.ts counts the tree's CPU time). */
  pid: number;
  stop(): Promise<void>;
}

function nginxBinary(): string {
  if (existsSync("/usr/sbin/nginx")) return "/usr/sbin/nginx";
  if (process.getuid?.() !== 0)
    throw new Error("nginx is not installed: sudo apt-get install -y nginx-light");
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", "nginx-light"]]) {
    const result = spawnSync("apt-get", args, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed`);
  }
  return "/usr/sbin/nginx";
}

export async function startNginx(files: StaticFile[]): Promise<Nginx> {
  const binary = nginxBinary();
  const port = await sparePort();
  const dir = mkdtempSync(path.join(tmpdir(), "pc-bench-nginx-"));
  for (const sub of ["tmp", "files"]) mkdirSync(path.join(dir, sub));
  const locations = files.map((file, index) => {
    const filePath = path.join(dir, "files", String(index));
    writeFileSync(filePath, file.body);
    const { "content-type": contentType, location, ...rest } = file.headers;
    // `always`: the headers go on a redirect too. A value with `$` would be read as a variable.
    const headers = Object.entries(rest)
      .filter(([, value]) => !value.includes("$"))
      .map(([name, value]) => `add_header ${name} "${value.replace(/["\\]/g, "\\$&")}" always;`)
      .join(" ");
    const answer =
      file.status >= 300 && file.status < 400 && location
        ? `return ${file.status} "${location}";`
        : `default_type "${contentType ?? "application/octet-stream"}"; alias ${filePath};`;
    return `    location = /${index} { ${headers} ${answer} }`;
  });
  const temp = path.join(dir, "tmp");
  const isRoot = process.getuid?.() === 0;
  writeFileSync(
    path.join(dir, "nginx.conf"),
    [
      // Root's master would hand the worker to nobody, who cannot read a 0700 temp directory.
      isRoot ? "user root;" : "",
      "worker_processes 1;",
      "daemon off;",
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      "events { worker_connections 1024; }",
      "http {",
      "  access_log off;",
      // Only the product's headers: no ETag or version of nginx's own.
      "  etag off; server_tokens off;",
      `  client_body_temp_path ${temp}; proxy_temp_path ${temp}; fastcgi_temp_path ${temp};`,
      `  uwsgi_temp_path ${temp}; scgi_temp_path ${temp};`,
      "  keepalive_requests 1000000;",
      `  server {\n    listen 127.0.0.1:${port};`,
      ...locations,
      "  }",
      "}",
      "",
    ].join("\n"),
  );
  const child: ChildProcess = spawn(
    binary,
    ["-p", dir, "-e", `${dir}/error.log`, "-c", `${dir}/nginx.conf`],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await fetch(`${base}/0`, { redirect: "manual" });
      break;
    } catch (error) {
      if (attempt > 100 || child.exitCode !== null) throw new Error(`nginx did not start: ${error}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url: (index) => `${base}/${index}`,
    pid: child.pid ?? 0,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
