import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sparePort } from "./ports.ts";

/**
 * The yardstick of `npm run bench`: Debian's nginx-light with one worker on a spare loopback port,
 * serving from files the very bytes the product answered, so each ratio compares like with like.
 */
export interface StaticFile {
  body: Buffer;
  contentType: string;
}

export interface Nginx {
  url(index: number): string;
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
    return `    location = /${index} { default_type "${file.contentType}"; alias ${filePath}; }`;
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
      await fetch(`${base}/0`);
      break;
    } catch (error) {
      if (attempt > 100 || child.exitCode !== null) throw new Error(`nginx did not start: ${error}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url: (index) => `${base}/${index}`,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
