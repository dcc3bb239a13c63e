import path from 'node:path';
import { heaviestOthers, machineCpuSeconds, type ProcInfo, snapshotProcesses } from './processes.ts';

/** Whose CPU time is counted under one name: a process group we spawned, the postgres of a data directory, or this process. */
export type CpuRole = { name: string; pgid: number } | { name: string; postgresOf: string } | { name: string; self: true };

export interface CpuMark {
  procs: Map<number, ProcInfo>;
  machine: { tasks: number; interrupts: number };
  at: number;
}

export interface CpuUsage {
  seconds: number;
  /** CPU seconds per role name. */
  byRole: Record<string, number>;
  /** Processes on the machine that are none of ours (other people's tests or builds). */
  others: number;
  /** irq + softirq + steal: mostly the loopback network stack. */
  interrupts: number;
  heaviestOthers: string[];
}

export function cpuMark(): CpuMark {
  return { procs: snapshotProcesses(), machine: machineCpuSeconds(), at: performance.now() };
}

function roleOf(p: ProcInfo, procs: Map<number, ProcInfo>, roles: CpuRole[]): CpuRole | undefined {
  // The embedded postgres runs in its server's process group: it is told apart by its data directory first.
  for (const role of roles) {
    if (!('postgresOf' in role)) continue;
    const dir = path.join(role.postgresOf, 'postgres');
    const isPostmaster = (q: ProcInfo | undefined) => Boolean(q?.comm.startsWith('postgres') && q.cmdline.includes(dir));
    if (isPostmaster(p) || (p.comm.startsWith('postgres') && isPostmaster(procs.get(p.ppid)))) return role;
  }
  return roles.find((role) => ('pgid' in role && role.pgid === p.pgid) || ('self' in role && p.pid === process.pid));
}

/** CPU seconds used between two marks, by role (processes that exited in between are not counted). */
export function cpuBetween(before: CpuMark, after: CpuMark, roles: CpuRole[]): CpuUsage {
  const byRole: Record<string, number> = Object.fromEntries(roles.map((r) => [r.name, 0]));
  let ours = 0;
  for (const p of after.procs.values()) {
    const role = roleOf(p, after.procs, roles);
    if (!role) continue;
    const used = (p.cpuTicks - (before.procs.get(p.pid)?.cpuTicks ?? 0)) / 100;
    byRole[role.name] = (byRole[role.name] ?? 0) + used;
    ours += used;
  }
  return {
    seconds: (after.at - before.at) / 1000,
    byRole,
    others: Math.max(0, after.machine.tasks - before.machine.tasks - ours),
    interrupts: after.machine.interrupts - before.machine.interrupts,
    heaviestOthers: heaviestOthers(before.procs, after.procs, (p) => roleOf(p, after.procs, roles) !== undefined),
  };
}

/** "server 1.2 / postgres 0.4 / ..." in CPU seconds, then others and irq. */
export function describeCpu(usage: CpuUsage): string {
  const parts = Object.entries(usage.byRole).map(([name, s]) => `${name} ${s.toFixed(1)}`);
  return `${[...parts, `others ${usage.others.toFixed(1)}`, `irq ${usage.interrupts.toFixed(1)}`].join(' / ')} CPU s in ${usage.seconds.toFixed(1)} s`;
}
