/**
 * What the index page lets a user do to an index: the forms a remedy names, beside it and prefilled, and every form
 * in the index's actions. Forms are shown only to a user who may use them (index `manage` for settings and
 * aliases, index `manage_ilm` for removing a policy, cluster `manage_ilm` for a move, as the server authorizes them).
 */
import { ErrorAlert } from '../../error-alert.tsx';
import type { Privileges } from '../../privileges.ts';
import { useLoad } from '../../use-load.ts';
import { indexAliases, indexSettings, type AliasFlags } from './index-actions-api.ts';
import type { ExplainRecord, PhaseDefinition } from './lifecycle-types.ts';
import { AliasForm, IndexingCompleteForm, MoveStepForm, PolicyForm, RolloverAliasForm } from './remedy-forms.tsx';

/** What the forms start from: the index's settings and aliases as stored. */
export interface IndexFacts {
  readonly settings: Readonly<Record<string, unknown>>;
  readonly aliases: Readonly<Record<string, AliasFlags>>;
}

export function useIndexFacts(index: string, generation: number) {
  return useLoad(async (): Promise<IndexFacts> => {
    const [settings, aliases] = await Promise.all([indexSettings(index), indexAliases(index)]);
    return { settings, aliases };
  }, [index, generation]);
}

/** The alias the index is written through: its write alias, else its only alias. */
function writeAlias(aliases: Readonly<Record<string, AliasFlags>>): string {
  const names = Object.keys(aliases);
  return names.find((name) => aliases[name]!.is_write_index === true) ?? (names.length === 1 ? names[0]! : '');
}

const setting = (facts: IndexFacts, key: string): string => {
  const value = facts.settings[key];
  return typeof value === 'string' ? value : '';
};

interface FormsProps {
  readonly record: ExplainRecord;
  readonly facts: IndexFacts;
  readonly privileges: Privileges;
  readonly onDone: (done: string) => void;
}

/**
 * The forms that carry out the remedy of the spec's error `row` (the server's diagnosis names it; the row, not the
 * wording, identifies the cause), prefilled from the index. Rows whose remedy lies elsewhere (a template, the
 * policy, the cluster) have none here.
 */
export function RemedyForms({ row, record, facts, privileges, onDone }: FormsProps & { row: number | undefined }) {
  if (!privileges.index(record.index, 'manage')) return null;
  const index = record.index;
  const rolloverAlias = setting(facts, 'index.lifecycle.rollover_alias');
  const forms =
    row === 3 ? (
      <>
        <AliasForm index={index} initialAlias={rolloverAlias} initialWrite onDone={onDone} />
        <RolloverAliasForm index={index} initial={writeAlias(facts.aliases)} onDone={onDone} />
      </>
    ) : row === 4 ? (
      <RolloverAliasForm index={index} initial={writeAlias(facts.aliases)} onDone={onDone} />
    ) : row === 5 ? (
      <AliasForm index={index} initialAlias={rolloverAlias} initialWrite onDone={onDone} />
    ) : row === 6 ? (
      <IndexingCompleteForm index={index} current={facts.settings['index.lifecycle.indexing_complete'] === 'true'} onDone={onDone} />
    ) : undefined;
  if (!forms) return null;
  return (
    <div className="remedy-forms" role="group" aria-label={`Remedy for ${index}`}>
      {forms}
    </div>
  );
}

/** Every action on the index, folded away until asked for. */
export function IndexActions({ record, facts, privileges, phases, onDone }: FormsProps & { phases: Readonly<Record<string, PhaseDefinition>> | undefined }) {
  const index = record.index;
  const manage = privileges.index(index, 'manage');
  const manageIlm = privileges.index(index, 'manage_ilm');
  const move = record.managed && phases !== undefined && record.phase !== undefined && privileges.cluster('manage_ilm');
  if (!manage && !manageIlm && !move) return null;
  return (
    <details className="index-actions">
      <summary>Actions on {index}</summary>
      <div role="group" aria-label={`Actions on ${index}`}>
        <PolicyForm index={index} current={record.managed ? record.policy : undefined} canAttach={manage} canRemove={manageIlm} onDone={onDone} />
        {manage && (
          <>
            <RolloverAliasForm index={index} initial={setting(facts, 'index.lifecycle.rollover_alias') || writeAlias(facts.aliases)} onDone={onDone} />
            <IndexingCompleteForm index={index} current={facts.settings['index.lifecycle.indexing_complete'] === 'true'} onDone={onDone} />
            <AliasForm index={index} initialAlias={writeAlias(facts.aliases)} initialWrite={false} onDone={onDone} />
          </>
        )}
        {move && <MoveStepForm record={record} phases={phases!} onDone={onDone} />}
      </div>
    </details>
  );
}

export function IndexFactsError({ error }: { error: unknown }) {
  return <ErrorAlert error={error}>The index's settings and aliases could not be read:</ErrorAlert>;
}
