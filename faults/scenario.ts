import type { PostgresServer } from "../scripts/postgres-server.ts";

/**
 * The frame of every fault scenario (faults/scenarios/, listed in faults/scenarios/index.ts): what
 * it breaks, what must hold afterwards, and its run, which notes each thing that did not hold in
 * `failures`. The frame turns that into what `npm run test:faults` prints (faults/run.ts).
 */
export interface ScenarioContext {
  /** The one throwaway PostgreSQL of the run (durable, as production is), shared in turn. */
  pg: PostgresServer;
  /** A data folder shared by the scenarios that need no folder of their own. */
  dataDir: string;
  /** How long the cluster is kept under load (FAULTS_LOAD_SECONDS). */
  loadSeconds: number;
}

/** What a scenario prints: what was acknowledged, what was found afterwards, and whether they agree. */
export interface ScenarioResult {
  name: string;
  acknowledged: string;
  found: string;
  ok: boolean;
}

export interface Scenario {
  /** Its name for FAULTS_ONLY=key,key. */
  key: string;
  breaks: string;
  holds: string;
  run(context: ScenarioContext): Promise<ScenarioResult>;
}

export function scenario(definition: {
  key: string;
  /** The title printed with PASS or FAIL. */
  name: string | ((context: ScenarioContext) => string);
  /** What it breaks, and when. */
  breaks: string;
  /** What must hold afterwards. */
  holds: string;
  /**
   * Runs it, pushing to `failures` each thing that did not hold; answers what the system
   * acknowledged and, for when all held, what was found.
   */
  run(context: ScenarioContext & { failures: string[] }): Promise<{ acknowledged: string; found: string }>;
}): Scenario {
  return {
    key: definition.key,
    breaks: definition.breaks,
    holds: definition.holds,
    async run(context) {
      const failures: string[] = [];
      const { acknowledged, found } = await definition.run({ ...context, failures });
      return {
        name: typeof definition.name === "function" ? definition.name(context) : definition.name,
        acknowledged,
        found: failures.length ? failures.join("; ") : found,
        ok: failures.length === 0,
      };
    },
  };
}
