/** The last lines a game printed, kept in memory for /logs, the console's backlog and crash reports. */
export class LogBuffer {
  private lines: string[] = []
  constructor(private readonly max = 1000) {}

  push(line: string): void {
    this.lines.push(line)
    if (this.lines.length > this.max * 1.5) this.lines = this.lines.slice(-this.max)
  }

  last(n: number): string[] {
    return n <= 0 ? [] : this.lines.slice(-Math.min(n, this.max))
  }
}
