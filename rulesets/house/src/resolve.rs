//! Building many overlays at once, in dependency order: an overlay may extend another.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use xqr_core::registry::Registry;
use xqr_core::rules::{Origin, Ruleset};

use crate::load::{load_str, OverlayError, Problem, ProblemKind};
use crate::ruleset::OverlayRuleset;
use crate::variant::HouseVariant;

/// Builds `overlays` on the rulesets of `registry` and on each other, parents first.
///
/// Returns the rulesets built, in dependency order (ready to add to the registry in that order),
/// and one error per overlay that could not be built, naming its file, the line of the key
/// concerned and the reason:
///
/// - a duplicate id or alias (against the registry, or an overlay earlier in `overlays`: the
///   first one wins);
/// - an unknown parent (listing the known ids);
/// - a cycle in `extends` (one error naming every file of the cycle);
/// - a parent that failed to load;
/// - a knob the parent cannot carry (see [`OverlayRuleset::new`]).
///
/// The other overlays are built all the same.
pub fn resolve_all(
    overlays: Vec<(PathBuf, HouseVariant)>,
    registry: &Registry,
) -> (Vec<Arc<dyn Ruleset>>, Vec<OverlayError>) {
    let mut errors: Vec<(usize, OverlayError)> = Vec::new();
    // Duplicates first: the overlays that survive have unique names.
    let mut kept: Vec<usize> = Vec::new();
    for (i, (path, v)) in overlays.iter().enumerate() {
        let names = std::iter::once(("id".to_owned(), &v.id)).chain(
            v.aliases
                .iter()
                .enumerate()
                .map(|(k, a)| (format!("aliases[{k}]"), a)),
        );
        let mut clash = None;
        for (key, name) in names {
            if let Some(rs) = registry.get(name) {
                clash = Some((key, name, describe_origin(&rs.meta().origin, &rs.meta().id)));
                break;
            }
            if let Some(&j) = kept.iter().find(|&&j| answers_to(&overlays[j].1, name)) {
                let (other_path, other) = &overlays[j];
                clash = Some((
                    key,
                    name,
                    format!("overlay {} (id {:?})", other_path.display(), other.id),
                ));
                break;
            }
        }
        match clash {
            Some((key, name, by)) => errors.push((
                i,
                located(
                    path,
                    v,
                    &key,
                    ProblemKind::DuplicateId,
                    format!("duplicate ruleset id {name:?}: already provided by {by}"),
                ),
            )),
            None => kept.push(i),
        }
    }

    let mut state: HashMap<usize, State> = HashMap::new();
    let mut built: Vec<Arc<dyn Ruleset>> = Vec::new();
    for &i in &kept {
        let mut stack = Vec::new();
        visit(
            i,
            &overlays,
            &kept,
            registry,
            &mut state,
            &mut stack,
            &mut built,
            &mut errors,
        );
    }
    errors.sort_by_key(|(i, _)| *i);
    (built, errors.into_iter().map(|(_, e)| e).collect())
}

enum State {
    Visiting,
    Built(Arc<OverlayRuleset>),
    Failed,
}

fn answers_to(v: &HouseVariant, name: &str) -> bool {
    v.id.eq_ignore_ascii_case(name) || v.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
}

fn describe_origin(origin: &Origin, id: &str) -> String {
    match origin {
        Origin::Static => format!("the static ruleset {id}"),
        Origin::Overlay { path } => format!("overlay {} (id {id:?})", path.display()),
        Origin::Plugin { path } => format!("plugin {} (id {id:?})", path.display()),
    }
}

fn located(
    path: &Path,
    v: &HouseVariant,
    key: &str,
    kind: ProblemKind,
    message: String,
) -> OverlayError {
    let loc = v.value_location(key).or_else(|| v.location(key));
    OverlayError::new(Problem::new(path, loc, key, kind, message))
}

#[allow(clippy::too_many_arguments)]
fn visit(
    i: usize,
    overlays: &[(PathBuf, HouseVariant)],
    kept: &[usize],
    registry: &Registry,
    state: &mut HashMap<usize, State>,
    stack: &mut Vec<usize>,
    built: &mut Vec<Arc<dyn Ruleset>>,
    errors: &mut Vec<(usize, OverlayError)>,
) {
    if state.contains_key(&i) {
        return;
    }
    let (path, v) = &overlays[i];
    if let Some(parent) = registry.get(&v.extends) {
        let r = OverlayRuleset::new(v, parent.clone(), path);
        finish(i, r, state, built, errors);
        return;
    }
    let Some(&p) = kept
        .iter()
        .find(|&&j| answers_to(&overlays[j].1, &v.extends))
    else {
        let mut known: Vec<String> = registry.iter().map(|r| r.meta().id.clone()).collect();
        known.extend(kept.iter().map(|&j| overlays[j].1.id.clone()));
        known.sort();
        known.dedup();
        errors.push((
            i,
            located(
                path,
                v,
                "extends",
                ProblemKind::UnknownParent,
                format!(
                    "unknown parent ruleset {:?}; known rulesets: {}",
                    v.extends,
                    known.join(", ")
                ),
            ),
        ));
        state.insert(i, State::Failed);
        return;
    };
    state.insert(i, State::Visiting);
    stack.push(i);
    if !state.contains_key(&p) {
        visit(p, overlays, kept, registry, state, stack, built, errors);
    }
    stack.pop();
    match state.get(&p) {
        Some(State::Built(parent)) => {
            let r = OverlayRuleset::on_overlay(v, parent.clone(), path);
            finish(i, r, state, built, errors);
        }
        Some(State::Visiting) => {
            // `p` is on the stack: the overlays from `p` to `i` form a cycle.
            let start = stack.iter().position(|&j| j == p).unwrap_or(0);
            let members: Vec<usize> = stack[start..].iter().copied().chain([i]).collect();
            let ring = members
                .iter()
                .chain(members.first())
                .map(|&j| format!("{} ({})", overlays[j].1.id, overlays[j].0.display()))
                .collect::<Vec<_>>()
                .join(" -> ");
            let problems: Vec<Problem> = members
                .iter()
                .flat_map(|&j| {
                    let (path, v) = &overlays[j];
                    located(
                        path,
                        v,
                        "extends",
                        ProblemKind::Cycle,
                        format!("cycle in `extends`: {ring}"),
                    )
                    .into_problems()
                })
                .collect();
            for &j in &members {
                state.insert(j, State::Failed);
            }
            if let Some(e) = OverlayError::from_problems(problems) {
                errors.push((i, e));
            }
        }
        Some(State::Failed) | None => {
            // Failed on its own (its error is reported), or as a member of a cycle that `i`
            // is not part of.
            if matches!(state.get(&i), Some(State::Visiting)) {
                let (ppath, pv) = &overlays[p];
                errors.push((
                    i,
                    located(
                        path,
                        v,
                        "extends",
                        ProblemKind::ParentFailed,
                        format!(
                            "parent ruleset {:?} ({}) failed to load",
                            pv.id,
                            ppath.display()
                        ),
                    ),
                ));
                state.insert(i, State::Failed);
            }
        }
    }
}

fn finish(
    i: usize,
    r: Result<OverlayRuleset, OverlayError>,
    state: &mut HashMap<usize, State>,
    built: &mut Vec<Arc<dyn Ruleset>>,
    errors: &mut Vec<(usize, OverlayError)>,
) {
    match r {
        Ok(rs) => {
            let rs = Arc::new(rs);
            built.push(rs.clone());
            state.insert(i, State::Built(rs));
        }
        Err(e) => {
            errors.push((i, e));
            state.insert(i, State::Failed);
        }
    }
}

/// Every problem of the overlay `text` when loaded next to `registry`: the problems of
/// [`crate::check`], then whether its parent is loaded and can carry its knobs, and whether
/// its id is free. For `xqr check-ruleset`.
pub fn check_against(text: &str, path: impl AsRef<Path>, registry: &Registry) -> Vec<Problem> {
    let path = path.as_ref();
    let v = match load_str(text, path) {
        Ok(v) => v,
        Err(e) => return e.into_problems(),
    };
    // The file itself may already be loaded (the host loads shipped overlays): not a clash.
    let same_file = |rs: &Arc<dyn Ruleset>| matches!(&rs.meta().origin, Origin::Overlay { path: p } if p == path);
    let mut reg = Registry::new();
    for rs in registry.iter().filter(|rs| !same_file(rs)) {
        // Names are unique in `registry` already.
        let _ = reg.add(rs.clone());
    }
    let (_, errors) = resolve_all(vec![(path.to_path_buf(), v)], &reg);
    errors.into_iter().flat_map(|e| e.into_problems()).collect()
}
