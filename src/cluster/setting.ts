/**
 * @module One setting, as Elasticsearch's `Setting<T>` declares it: its key, its parser (ES's words for a bad
 * value), its default, its scope and properties. A value is parsed once per settings record and kept beside it,
 * so a read of a live setting costs a lookup, not a parse.
 */
import type { FlatSettings } from './settings.js';

export type SettingScope = 'index' | 'cluster';

export interface SettingProperties {
  /** The default as `include_defaults` reports it; a setting without one is reported only once set. */
  readonly default?: string;
  /** Index settings: changed on closed indices only (ES: not `Property.Dynamic`). */
  readonly static?: boolean;
  /** Index settings: set at creation only (`Property.Final`). */
  readonly final?: boolean;
  /** The server's own (`Property.PrivateIndex`): users cannot set it. */
  readonly private?: boolean;
}

/** Parses a setting's text, throwing ES's error for a bad value. */
export type SettingParser<T> = (value: string, key: string) => T;

export class Setting<T> {
  readonly default: string | undefined;
  readonly dynamic: boolean;
  readonly final: boolean;
  readonly private: boolean;
  #parsedDefault: { readonly value: T } | undefined;

  constructor(
    readonly key: string,
    readonly scope: SettingScope,
    readonly parser: SettingParser<T>,
    properties: SettingProperties = {},
  ) {
    this.default = properties.default;
    this.final = properties.final ?? false;
    this.dynamic = !properties.static && !this.final;
    this.private = properties.private ?? false;
  }

  /** Checks `value` as ES does when the setting is set, and returns it parsed. */
  parse(value: string): T {
    return this.parser(value, this.key);
  }

  /** The value `settings` gives, else undefined; parsed at most once per record and text. */
  in(settings: FlatSettings): T | undefined {
    const raw = settings[this.key];
    if (raw === undefined) return undefined;
    let parsed = PARSED.get(settings);
    if (parsed === undefined) PARSED.set(settings, (parsed = new Map()));
    const known = parsed.get(this.key);
    // Records are immutable by type; the text check keeps a record a builder is still filling from reading stale.
    if (known !== undefined && known.raw === raw) return known.value as T;
    const value = this.parse(raw);
    parsed.set(this.key, { raw, value });
    return value;
  }

  /** The value the first record that sets it gives (transient before persistent), else the default. */
  get(this: DefaultedSetting<T>, ...settings: readonly FlatSettings[]): T;
  get(...settings: readonly FlatSettings[]): T | undefined;
  get(...settings: readonly FlatSettings[]): T | undefined {
    for (const record of settings) {
      const value = this.in(record);
      if (value !== undefined) return value;
    }
    return this.defaultValue();
  }

  /** The parsed default, or undefined for a setting without one. */
  defaultValue(): T | undefined {
    if (this.default === undefined) return undefined;
    this.#parsedDefault ??= { value: this.parse(this.default) };
    return this.#parsedDefault.value;
  }
}

/** A setting with a default: reading it always gives a value. */
export type DefaultedSetting<T> = Setting<T> & { readonly default: string };

type Declared<T, P extends SettingProperties> = P extends { readonly default: string } ? DefaultedSetting<T> : Setting<T>;

/** Declares a setting; one with a default is typed so that reads of it need no fallback. */
export function setting<T, P extends SettingProperties = SettingProperties>(key: string, scope: SettingScope, parser: SettingParser<T>, properties?: P): Declared<T, P> {
  return new Setting(key, scope, parser, properties) as Declared<T, P>;
}

const PARSED = new WeakMap<FlatSettings, Map<string, { readonly raw: string; readonly value: unknown }>>();

/** The part of a ClusterState that holds its settings, named here rather than imported: the state's module reaches this one through index metadata. */
interface ClusterSettingsHolder {
  readonly persistentSettings: FlatSettings;
  readonly transientSettings: FlatSettings;
}

/** A cluster setting's value: transient wins over persistent, as in ES, and the default stands in for neither. */
export function clusterSetting<T>(state: ClusterSettingsHolder, setting: DefaultedSetting<T>): T;
export function clusterSetting<T>(state: ClusterSettingsHolder, setting: Setting<T>): T | undefined;
export function clusterSetting<T>(state: ClusterSettingsHolder, setting: Setting<T>): T | undefined {
  return setting.get(state.transientSettings, state.persistentSettings);
}
