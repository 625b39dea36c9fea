//! A house variant built on its parent ruleset: the parent's components, with the knobs the
//! variant sets changed, each change citing the variant.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use xqr_core::law::judge::RepetitionLaw;
use xqr_core::rules::replay::{claim_with_components, verdict_with_components};
use xqr_core::rules::Observer;
use xqr_core::rules::{
    natural_limit, ClaimAnswer, ClaimRequest, DrawCounts, GameEnd, GameHistory, GameInput,
    GameResult, IllegalMoveRuling, IllegalMoves, JudgeError, JudgeOptions, MoveLegality,
    NaturalLimit as SpecLimit, Origin, Outlook, PieceVisibility, PlyClass, PointScheme,
    RepetitionJudge, RepetitionRuling, RuleRef, Ruleset, RulesetMeta, Scoring, Spec, TagsRead,
    Termination, Verdict, View, REPLAY_TAGS,
};
use xqr_core::{Board, IllegalMove, MoveList, MoveRules, Position};

use crate::load::{OverlayError, Problem, ProblemKind};
use crate::variant::{DrawResult, HouseVariant, DEFAULT_CHECK_CAP};

/// The natural move limit (自然限着) a variant applies.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NaturalLimit {
    /// Moves by both sides without a capture.
    pub moves: u32,
    /// Checks of the claimant counted at most.
    pub check_cap: u32,
}

/// A house variant built on its parent: what `xqr` loads from an overlay file.
///
/// The variant is a partial [`Spec`]: built on a parent that has one ([`Ruleset::spec`]), the
/// knobs it sets replace the parent's fields, giving the variant's own Spec (hooks included),
/// which a variant of this variant reads in turn. The rulings:
///
/// - meta: the variant's id, name and aliases, `extends` = the parent's id, edition `house`,
///   origin [`Origin::Overlay`];
/// - legality and visibility: the parent's; the illegal-move ruling is the variant's when it
///   sets `[illegal_moves]`;
/// - repetition: with `[repetition]`, `[definitions]`, `[counting]` or `[both_forbidden]`, the
///   parent's repetition law with the variant's changes, a ruling that differs from the
///   parent's citing the variant; otherwise the parent's judge;
/// - scoring: the parent's, with the natural limit of `[natural_limit]` and the points of
///   `[scoring]`;
/// - record reading ([`Ruleset::complete_record`]): the parent's (a Jieqi deal tag);
/// - [`Ruleset::judge`]: the shared driver over these components; with
///   `draw_result = "black_wins"` a drawn game is given to Black (Armageddon).
///
/// A parent without a Spec (a dynamic plugin) takes the knobs its components can wrap
/// (natural limit, points, illegal moves, moves); the law's knobs go to it as a law patch
/// ([`Ruleset::with_law`]) when it takes one (a plugin whose manifest says so), and are
/// refused with a located error otherwise.
pub struct OverlayRuleset {
    meta: RulesetMeta,
    variant: HouseVariant,
    parent: Arc<dyn Ruleset>,
    legality: OverlayLegality,
    repetition: OverlayRepetition,
    scoring: OverlayScoring,
    spec: Option<Spec>,
    draws: DrawCounts,
    natural: Option<NaturalLimit>,
}

/// What a variant reads of its parent: the parent's Spec, or for a parent without one (a
/// dynamic plugin, or a variant of one) what a variant of it set.
struct Parent {
    natural: Option<NaturalLimit>,
    draws: DrawCounts,
}

impl OverlayRuleset {
    /// Builds `variant` on `parent`; `path` is the overlay file (for [`Origin::Overlay`] and
    /// errors).
    ///
    /// Fails when `parent` is not the ruleset `extends` names, or when a knob of the
    /// repetition law is set and the parent has no Spec ([`Ruleset::spec`]) and takes no law
    /// patch ([`Ruleset::with_law`]), or the patch does not apply.
    pub fn new(
        variant: &HouseVariant,
        parent: Arc<dyn Ruleset>,
        path: impl AsRef<Path>,
    ) -> Result<OverlayRuleset, OverlayError> {
        let inherited = Parent::of(&*parent);
        Self::build_on(variant, parent, inherited, path.as_ref())
    }

    /// Builds `variant` on another house variant. The same as [`OverlayRuleset::new`] when
    /// the parent has a Spec; on a variant of a dynamic plugin it also inherits what that
    /// variant set of the natural limit (for a `check_cap` left out) and its draw result.
    pub fn on_overlay(
        variant: &HouseVariant,
        parent: Arc<OverlayRuleset>,
        path: impl AsRef<Path>,
    ) -> Result<OverlayRuleset, OverlayError> {
        let inherited = match parent.spec() {
            Some(_) => Parent::of(&*parent),
            None => Parent {
                natural: parent.natural,
                draws: parent.draws.clone(),
            },
        };
        Self::build_on(variant, parent, inherited, path.as_ref())
    }

    fn build_on(
        variant: &HouseVariant,
        parent: Arc<dyn Ruleset>,
        inherited: Parent,
        path: &Path,
    ) -> Result<OverlayRuleset, OverlayError> {
        let fail = |key: &str, kind: ProblemKind, message: String| {
            let loc = variant
                .value_location(key)
                .or_else(|| variant.location(key));
            OverlayError::new(Problem::new(path, loc, key, kind, message))
        };
        let pmeta = parent.meta();
        if !pmeta.answers_to(&variant.extends) {
            return Err(fail(
                "extends",
                ProblemKind::ParentMismatch,
                format!(
                    "extends {:?} but was built on {:?}",
                    variant.extends, pmeta.id
                ),
            ));
        }
        let cite = variant.rule();
        let parent_spec = parent.spec();
        let repetition = match (variant.law_key(), parent_spec) {
            (None, _) => OverlayRepetition::Inherited(parent.clone()),
            (Some(_), Some(spec)) => {
                // Unchanged rulings keep citing the parent's articles; `ChangedJudge` cites the
                // variant where its ruling differs from the parent's.
                let law = spec
                    .law
                    .patched(&variant.law_patch(), &pmeta.id, &cite)
                    .map_err(|e| fail(&e.key, ProblemKind::Unsupported, e.message))?;
                OverlayRepetition::Changed(Box::new(ChangedJudge {
                    own: OwnLaw::Law(Box::new(law)),
                    parent: parent.clone(),
                    cite: cite.clone(),
                }))
            }
            // A parent without a Spec that takes a law patch (a plugin declaring it does)
            // applies the same patch to its own law: the rulings are compared and cited as above.
            (Some(key), None) => match parent.with_law(&variant.law_patch(), &cite) {
                Some(Ok(patched)) => OverlayRepetition::Changed(Box::new(ChangedJudge {
                    own: OwnLaw::Ruleset(patched),
                    parent: parent.clone(),
                    cite: cite.clone(),
                })),
                Some(Err(e)) => return Err(fail(&e.key, ProblemKind::Unsupported, e.message)),
                None => {
                    return Err(fail(
                        key,
                        ProblemKind::Unsupported,
                        format!(
                            "the parent {} has no repetition law to change (it is not built from a Spec), so [{key}] cannot change it; remove [{key}] or extend a ruleset that has one (e.g. cxa-1999)",
                            pmeta.id
                        ),
                    ));
                }
            },
        };
        let natural = match variant.natural_limit {
            Some(k) => Some(NaturalLimit {
                moves: k.moves,
                check_cap: k
                    .check_cap
                    .or(inherited.natural.map(|n| n.check_cap))
                    .unwrap_or(DEFAULT_CHECK_CAP),
            }),
            None => inherited.natural,
        };
        // The natural limit of an overlay parent already cites the parent; a new one cites us.
        let natural_rule = match (variant.natural_limit, natural) {
            (Some(_), Some(n)) => Some((n, cite.clone())),
            _ => None,
        };
        let king_safety = variant.moves.and_then(|m| m.king_safety);
        let s = variant.scoring.unwrap_or_default();
        let base = parent.scoring().points();
        let points = PointScheme {
            win: s.win.map_or(base.win, |p| p.0),
            draw_red: s.draw_red.map_or(base.draw_red, |p| p.0),
            draw_black: s.draw_black.map_or(base.draw_black, |p| p.0),
            loss: s.loss.map_or(base.loss, |p| p.0),
        };
        let draws = match s.draw_result {
            Some(DrawResult::BlackWins) => DrawCounts::BlackWins(cite.clone()),
            Some(DrawResult::Draw) => DrawCounts::Draw,
            None => inherited.draws,
        };
        let mut metadata = pmeta.metadata.clone();
        metadata.extend(variant.metadata.clone());
        let meta = RulesetMeta {
            id: variant.id.clone(),
            name: variant.name.clone(),
            aliases: variant.aliases.clone(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            extends: Some(pmeta.id.clone()),
            rule_source: variant.rule_source.clone(),
            edition: "house".to_owned(),
            origin: Origin::Overlay {
                path: path.to_path_buf(),
            },
            metadata,
        };
        let ruling = variant.illegal_moves.map(|k| k.ruling.ruling(cite.clone()));
        let rules = king_safety.map(|k| MoveRules {
            king_safety: k,
            ..parent.legality().move_rules()
        });
        let scoring = OverlayScoring {
            parent: parent.clone(),
            natural: natural_rule.clone(),
            points,
            id: variant.id.clone(),
            no_move: king_safety.map(|_| cite.clone()),
        };
        // The variant's Spec: the parent's with every field the variant sets.
        let spec = parent_spec.map(|p| {
            let mut spec = p.clone();
            spec.meta = meta.clone();
            if let Some(rules) = rules {
                spec.moves = rules;
            }
            if let Some(r) = &ruling {
                spec.illegal_moves = IllegalMoves::all(r.clone());
            }
            if let OverlayRepetition::Changed(c) = &repetition {
                if let OwnLaw::Law(law) = &c.own {
                    spec.law = (**law).clone();
                }
            }
            if let Some((n, rule)) = &natural_rule {
                spec.ends.natural_limit = Some(SpecLimit {
                    moves: n.moves,
                    check_cap: n.check_cap,
                    rule: rule.clone(),
                    check_cap_article: None,
                });
            }
            spec.points = points;
            spec.draws = draws.clone();
            spec.standings = scoring.standings();
            spec
        });
        Ok(OverlayRuleset {
            meta,
            legality: OverlayLegality {
                parent: parent.clone(),
                ruling,
                rules,
            },
            repetition,
            scoring,
            spec,
            draws,
            natural,
            variant: variant.clone(),
            parent,
        })
    }

    /// The variant this ruleset was built from.
    pub fn variant(&self) -> &HouseVariant {
        &self.variant
    }

    /// The parent ruleset.
    pub fn parent(&self) -> &Arc<dyn Ruleset> {
        &self.parent
    }

    /// The overlay file.
    pub fn path(&self) -> Option<&PathBuf> {
        match &self.meta.origin {
            Origin::Overlay { path } => Some(path),
            _ => None,
        }
    }

    /// The variant's `[metadata]` (over those of its parent): free-form facts such as time
    /// controls, as in [`RulesetMeta::metadata`].
    pub fn metadata(&self) -> &BTreeMap<String, String> {
        &self.meta.metadata
    }

    /// The natural limit in force: the variant's, else its parent's (`None`: a parent without
    /// a Spec whose own rule applies unchanged).
    pub fn natural_limit(&self) -> Option<NaturalLimit> {
        self.natural
    }

    /// What a drawn game counts as under this ruleset.
    pub fn draw_result(&self) -> DrawResult {
        match self.draws {
            DrawCounts::BlackWins(_) => DrawResult::BlackWins,
            DrawCounts::Draw => DrawResult::Draw,
        }
    }
}

impl Parent {
    /// What a variant reads of `parent`: its Spec's natural limit and draw result, or nothing
    /// (the parent's own rules apply unchanged).
    fn of(parent: &dyn Ruleset) -> Parent {
        match parent.spec() {
            Some(spec) => Parent {
                natural: spec.ends.natural_limit.as_ref().map(|n| NaturalLimit {
                    moves: n.moves,
                    check_cap: n.check_cap,
                }),
                draws: spec.draws.clone(),
            },
            None => Parent {
                natural: None,
                draws: DrawCounts::Draw,
            },
        }
    }
}

/// Builds `variant` on `parent` (see [`OverlayRuleset::new`]).
pub fn build(
    variant: &HouseVariant,
    parent: Arc<dyn Ruleset>,
    path: impl AsRef<Path>,
) -> Result<Arc<dyn Ruleset>, OverlayError> {
    Ok(Arc::new(OverlayRuleset::new(variant, parent, path)?))
}

impl Ruleset for OverlayRuleset {
    fn meta(&self) -> &RulesetMeta {
        &self.meta
    }
    fn legality(&self) -> &dyn MoveLegality {
        &self.legality
    }
    fn visibility(&self) -> &dyn PieceVisibility {
        &self.legality
    }
    fn repetition(&self) -> &dyn RepetitionJudge {
        &self.repetition
    }
    fn scoring(&self) -> &dyn Scoring {
        &self.scoring
    }

    fn complete_record<'g>(
        &self,
        game: &'g GameInput,
    ) -> Result<std::borrow::Cow<'g, GameInput>, JudgeError> {
        self.parent.complete_record(game)
    }

    /// The replay's tags and those the parent's reading of a record reads: the parent's, when
    /// they include the replay's; otherwise all.
    fn tags_read(&self) -> TagsRead {
        match self.parent.tags_read() {
            parent if parent.covers(&REPLAY_TAGS) => parent,
            _ => TagsRead::All,
        }
    }

    fn judge(&self, game: &GameInput, options: &JudgeOptions) -> Result<Verdict, JudgeError> {
        let mut v = verdict_with_components(self, &*self.complete_record(game)?, options)?;
        self.draws.apply_to_verdict(&mut v);
        Ok(v)
    }

    fn claim(&self, game: &GameInput, request: &ClaimRequest) -> Result<ClaimAnswer, JudgeError> {
        let mut answer = claim_with_components(self, &*self.complete_record(game)?, request)?;
        self.draws.apply_to_claim(&mut answer);
        Ok(answer)
    }

    fn spec(&self) -> Option<&Spec> {
        self.spec.as_ref()
    }
}

/// The parent's move rules, with the variant's `[moves]` knobs; the variant's illegal-move
/// ruling when it sets one.
struct OverlayLegality {
    parent: Arc<dyn Ruleset>,
    ruling: Option<IllegalMoveRuling>,
    rules: Option<MoveRules>,
}

impl MoveLegality for OverlayLegality {
    fn move_rules(&self) -> MoveRules {
        self.rules
            .unwrap_or_else(|| self.parent.legality().move_rules())
    }

    fn start_position(&self) -> Position {
        let start = self.parent.legality().start_position();
        match self.rules {
            // The parent's start under the variant's rules: every start position is legal under
            // both king-safety rules (nobody is in check at the start).
            Some(rules) => Position::from_setup(start.to_setup(), rules).unwrap_or(start),
            None => start,
        }
    }

    fn plays_hidden_pieces(&self) -> bool {
        self.parent.legality().plays_hidden_pieces()
    }

    fn legal_moves(&self, pos: &Position) -> MoveList {
        self.parent.legality().legal_moves(pos)
    }

    fn illegal_move_ruling(
        &self,
        history: &GameHistory,
        reason: &IllegalMove,
    ) -> IllegalMoveRuling {
        match &self.ruling {
            Some(r) => r.clone(),
            None => self.parent.legality().illegal_move_ruling(history, reason),
        }
    }
}

impl PieceVisibility for OverlayLegality {
    fn view(&self, history: &GameHistory, dealt: Option<&Board>, observer: Observer) -> View {
        self.parent.visibility().view(history, dealt, observer)
    }
}

/// The parent's repetition judge, or the parent's repetition law with the variant's changes.
enum OverlayRepetition {
    Inherited(Arc<dyn Ruleset>),
    Changed(Box<ChangedJudge>),
}

/// The parent's repetition law with the variant's changes (verdicts, count, definitions). A
/// ruling that differs from the parent's cites the variant's rule source and says what the
/// parent would rule.
struct ChangedJudge {
    own: OwnLaw,
    parent: Arc<dyn Ruleset>,
    cite: RuleRef,
}

/// The variant's repetition law: the parent's Spec's law with the variant's changes, or the
/// parent's ruleset with them (a parent without a Spec that takes a law patch).
enum OwnLaw {
    Law(Box<RepetitionLaw>),
    Ruleset(Arc<dyn Ruleset>),
}

impl OwnLaw {
    fn judge(&self) -> &dyn RepetitionJudge {
        match self {
            OwnLaw::Law(law) => &**law,
            OwnLaw::Ruleset(r) => r.repetition(),
        }
    }
}

/// Whether two rulings decide the same thing (articles aside).
fn same_ruling(a: &RepetitionRuling, b: Option<&RepetitionRuling>) -> bool {
    match (a, b) {
        (
            RepetitionRuling::Decided { end: x, .. },
            Some(RepetitionRuling::Decided { end: y, .. }),
        ) => x.result == y.result && x.termination == y.termination && x.offender == y.offender,
        (
            RepetitionRuling::Pending { must_change: x, .. },
            Some(RepetitionRuling::Pending { must_change: y, .. }),
        ) => x == y,
        (
            RepetitionRuling::DrawPending { due_ply: x, .. },
            Some(RepetitionRuling::DrawPending { due_ply: y, .. }),
        ) => x == y,
        _ => false,
    }
}

fn describe(r: Option<&RepetitionRuling>) -> String {
    match r {
        None => "no ruling yet".to_owned(),
        Some(RepetitionRuling::Decided { end, .. }) => {
            format!("{} by {} ({})", end.result, end.termination, end.rule)
        }
        Some(RepetitionRuling::Pending {
            must_change, rule, ..
        }) => format!("{must_change} must change ({rule})"),
        Some(RepetitionRuling::DrawPending { rule, due_ply, .. }) => {
            format!("a draw at ply {due_ply} unless a side changes ({rule})")
        }
    }
}

impl ChangedJudge {
    fn rule(
        &self,
        history: &GameHistory,
        pending: Option<&RepetitionRuling>,
    ) -> Option<RepetitionRuling> {
        let mine = self.own.judge().rule(history, pending)?;
        // An obligation the variant imposed where the parent would not: what follows from it is
        // the variant's too.
        let own = matches!(pending, Some(RepetitionRuling::Pending { rule, .. } | RepetitionRuling::DrawPending { rule, .. }) if *rule == self.cite);
        let theirs = if own {
            None
        } else {
            self.parent.repetition().rule(history, pending)
        };
        if !own && same_ruling(&mine, theirs.as_ref()) {
            return Some(mine);
        }
        let parent_says = if own {
            "follows from an obligation only this variant imposes".to_owned()
        } else {
            format!(
                "{} would rule: {}",
                self.parent.meta().id,
                describe(theirs.as_ref())
            )
        };
        Some(match mine {
            RepetitionRuling::Decided { mut end, found } => {
                end.explanation = format!(
                    "{} — house rule {}; {parent_says}",
                    end.explanation, self.cite
                );
                end.rule = self.cite.clone();
                RepetitionRuling::Decided { end, found }
            }
            RepetitionRuling::Pending {
                must_change,
                since_ply,
                found,
                reason,
                ..
            } => RepetitionRuling::Pending {
                must_change,
                rule: self.cite.clone(),
                since_ply,
                found,
                reason,
            },
            RepetitionRuling::DrawPending {
                since_ply,
                due_ply,
                found,
                explanation,
                ..
            } => RepetitionRuling::DrawPending {
                rule: self.cite.clone(),
                since_ply,
                due_ply,
                found,
                explanation: format!("{explanation} — house rule {}; {parent_says}", self.cite),
            },
        })
    }
}

impl RepetitionJudge for OverlayRepetition {
    fn rule(
        &self,
        history: &GameHistory,
        pending: Option<&RepetitionRuling>,
    ) -> Option<RepetitionRuling> {
        match self {
            OverlayRepetition::Inherited(p) => p.repetition().rule(history, pending),
            OverlayRepetition::Changed(c) => c.rule(history, pending),
        }
    }

    fn watches(&self, history: &GameHistory) -> bool {
        match self {
            OverlayRepetition::Inherited(p) => p.repetition().watches(history),
            OverlayRepetition::Changed(c) => {
                c.own.judge().watches(history) || c.parent.repetition().watches(history)
            }
        }
    }

    fn classify(&self, history: &GameHistory, ply: u32) -> PlyClass {
        match self {
            OverlayRepetition::Inherited(p) => p.repetition().classify(history, ply),
            OverlayRepetition::Changed(c) => c.own.judge().classify(history, ply),
        }
    }

    fn outlook(&self, history: &GameHistory) -> Option<Outlook> {
        match self {
            OverlayRepetition::Inherited(p) => p.repetition().outlook(history),
            OverlayRepetition::Changed(c) => c.own.judge().outlook(history),
        }
    }
}

/// The parent's game ends with the variant's natural limit, and the variant's points. When the
/// variant changes whether a king may be left attacked, checkmate and stalemate are its
/// decisions and cite it.
struct OverlayScoring {
    parent: Arc<dyn Ruleset>,
    natural: Option<(NaturalLimit, RuleRef)>,
    points: PointScheme,
    /// The variant's id, naming its standings rules.
    id: String,
    no_move: Option<RuleRef>,
}

impl Scoring for OverlayScoring {
    fn game_end(&self, history: &GameHistory) -> Option<GameEnd> {
        let end = self.parent.scoring().game_end(history).map(|mut e| {
            if let Some(rule) = &self.no_move {
                if matches!(
                    e.termination,
                    Termination::Checkmate | Termination::Stalemate
                ) {
                    e.explanation = format!("{} (the parent would cite {})", e.explanation, e.rule);
                    e.rule = rule.clone();
                }
            }
            e
        });
        let Some((limit, rule)) = &self.natural else {
            return end;
        };
        match end {
            Some(e) if e.termination != Termination::NaturalLimit => Some(e),
            _ => natural_limit(history, limit.moves, limit.check_cap).map(|(claimant, counted)| {
                GameEnd {
                    result: GameResult::Draw,
                    termination: Termination::NaturalLimit,
                    rule: rule.clone(),
                    offender: None,
                    ply: history.ply_count(),
                    explanation: format!(
                        "{} moves by both sides without a capture ({counted} plies counted with at most {} checks of {claimant}): a claim succeeds from here",
                        limit.moves, limit.check_cap
                    ),
                }
            }),
        }
    }

    fn points(&self) -> PointScheme {
        self.points
    }

    /// The parent's standings rules with the variant's points.
    fn standings(&self) -> xqr_core::standings::StandingsRules {
        self.parent
            .scoring()
            .standings()
            .with_points(self.points)
            .named(&self.id)
    }

    fn recorded_end(
        &self,
        result: GameResult,
        termination: Option<&str>,
        ply: u32,
    ) -> Option<GameEnd> {
        self.parent.scoring().recorded_end(result, termination, ply)
    }
}
