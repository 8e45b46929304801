/**
 * Discord snowflakes: 64-bit ids with the creation time in the top bits.
 * @discordjs/rest finds rate-limit buckets with /\d{17,19}/, so ids must look real (stack.md §1).
 */
const DISCORD_EPOCH = 1420070400000n;

export class SnowflakeGenerator {
  private counter = 0n;

  next(): string {
    this.counter = (this.counter + 1n) & 0x3fffffn;
    return (((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | this.counter).toString();
  }
}
