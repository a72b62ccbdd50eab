/**
 * How a lower module lets higher ones take part in its work without importing them (modules import
 * no circles, DESIGN.md): the lower module owns a `Hook` on its service and runs it at the right
 * moment; a higher module adds its part in its own `setup`. Projects runs `created` when a project
 * is made; billing adds the project's wallet, integrations installs the template's modules.
 *
 * Parts run in the order they were added (the order of app.ts's module list), one after another,
 * inside the caller's transaction when the caller passes one: a part that throws rolls the whole
 * write back, so a hook never leaves half a change behind.
 */
export class Hook<Args extends unknown[]> {
  private readonly parts: ((...args: Args) => Promise<void> | void)[] = [];

  add(part: (...args: Args) => Promise<void> | void): void {
    this.parts.push(part);
  }

  async run(...args: Args): Promise<void> {
    for (const part of this.parts) await part(...args);
  }
}

/**
 * A hook that gathers values: each part answers for its own module (billing's alerts on a project,
 * integrations' installed modules), and the caller gets every answer, in module order.
 */
export class Gather<Args extends unknown[], Value> {
  private readonly parts: ((...args: Args) => Promise<Value> | Value)[] = [];

  add(part: (...args: Args) => Promise<Value> | Value): void {
    this.parts.push(part);
  }

  async run(...args: Args): Promise<Value[]> {
    const values: Value[] = [];
    for (const part of this.parts) values.push(await part(...args));
    return values;
  }
}

/**
 * A value each part may refine in turn (a page of projects gets its installed modules from
 * integrations, its alerts from billing): every part sees what the ones before it made.
 */
export class Chain<Value, Args extends unknown[]> {
  private readonly parts: ((value: Value, ...args: Args) => Promise<Value> | Value)[] = [];

  add(part: (value: Value, ...args: Args) => Promise<Value> | Value): void {
    this.parts.push(part);
  }

  async run(value: Value, ...args: Args): Promise<Value> {
    let refined = value;
    for (const part of this.parts) refined = await part(refined, ...args);
    return refined;
  }
}

/**
 * One answer a lower module needs from a higher one (projects asks access whether a user owns a
 * project of an organisation). Exactly one module provides it, during setup; asking before that is
 * a wiring mistake, reported by name.
 */
export class Slot<Fn extends (...args: never[]) => unknown> {
  private provided: Fn | undefined;

  constructor(private readonly name: string) {}

  provide(fn: Fn): void {
    if (this.provided) throw new Error(`${this.name} is provided twice`);
    this.provided = fn;
  }

  get call(): Fn {
    if (!this.provided) throw new Error(`${this.name} has no provider: a module in app.ts must provide it`);
    return this.provided;
  }
}
