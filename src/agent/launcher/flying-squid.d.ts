/**
 * The few parts of flying-squid (a JavaScript package without types) the launcher uses; it is
 * loaded by plain node at run time, this only lets `@ts-check` and tsc read the launcher.
 */
declare module 'flying-squid' {
  import type { EventEmitter } from 'node:events'

  /** A minecraft-protocol connection. */
  export interface Client {
    username: string
    end(reason: string): void
  }

  export interface Player extends EventEmitter {
    username: string
    gameMode: number
    setGameMode(mode: number): void
    save(): Promise<void>
  }

  export interface MCServer extends EventEmitter {
    players: Player[]
    listeningPort?: number
    overworld: { waitSaving(): Promise<void> }
    commands: { add(command: { base: string; info: string; usage: string; op: boolean; action: () => unknown }): void }
    quit(reason?: string): Promise<void>
    /** The minecraft-protocol server underneath. */
    _server: EventEmitter
  }

  export function createMCServer(settings: Record<string, unknown>): MCServer
}
