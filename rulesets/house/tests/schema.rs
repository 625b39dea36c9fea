//! The committed JSON Schema matches the knobs, and every shipped overlay is valid against it.

use std::path::{Path, PathBuf};

const REGENERATE: &str = "XQR_UPDATE_SCHEMA=1 cargo test -p xqr-house --test schema";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn schema_path() -> PathBuf {
    root().join("schema/house-variant.schema.json")
}

fn variant_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("variants/ is readable")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

/// `XQR_UPDATE_SCHEMA=1` rewrites the committed schema; otherwise a stale one fails with the
/// command to run.
#[test]
fn committed_schema_is_up_to_date() {
    let generated = xqr_house::schema_text();
    let path = schema_path();
    if std::env::var_os("XQR_UPDATE_SCHEMA").is_some() {
        std::fs::create_dir_all(path.parent().expect("schema/ has a parent")).expect("mkdir");
        std::fs::write(&path, &generated).expect("write the schema");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "{} is stale or missing: the knobs of HouseVariant changed. Regenerate it with\n\n    {REGENERATE}\n\nand commit the result.",
        path.display()
    );
}

fn toml_to_json(text: &str) -> serde_json::Value {
    let table: toml::Table = toml::from_str(text).expect("valid TOML");
    serde_json::to_value(table).expect("TOML converts to JSON")
}

fn validator() -> jsonschema::Validator {
    let text = std::fs::read_to_string(schema_path()).expect("the committed schema");
    let schema: serde_json::Value = serde_json::from_str(&text).expect("the schema is JSON");
    jsonschema::validator_for(&schema).expect("the schema is a valid JSON Schema")
}

#[test]
fn every_shipped_overlay_is_valid_against_the_schema_and_loads() {
    let validator = validator();
    let files = variant_files();
    assert!(
        files.len() >= 2,
        "lenient.toml and quick-limit.toml are shipped"
    );
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable overlay");
        assert!(
            text.starts_with("#:schema ../../../schema/house-variant.schema.json\n"),
            "{} must start with the #:schema line for editor validation",
            file.display()
        );
        let errors: Vec<String> = validator
            .iter_errors(&toml_to_json(&text))
            .map(|e| format!("{}: {e}", e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{}: {errors:#?}", file.display());
        let v = xqr_house::load_file(file).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            Some(v.id.as_str()),
            file.file_stem().and_then(|s| s.to_str()),
            "the file is named after its id"
        );
    }
}

/// The compiled-in list of shipped overlays is the directory's content.
#[test]
fn shipped_list_matches_the_directory() {
    let shipped: Vec<(String, &str)> = xqr_house::shipped()
        .into_iter()
        .map(|(p, t)| (p.file_name().unwrap().to_string_lossy().into_owned(), t))
        .collect();
    let files: Vec<(String, String)> = variant_files()
        .iter()
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(p).unwrap(),
            )
        })
        .collect();
    assert_eq!(
        shipped.len(),
        files.len(),
        "add new files to SHIPPED in lib.rs"
    );
    for ((a, ta), (b, tb)) in shipped.iter().zip(&files) {
        assert_eq!(a, b);
        assert_eq!(ta, tb);
    }
}

/// The schema and the loader's own checks agree: the same keys per table, and the loader
/// rejects what the schema rejects (and accepts what it accepts) on a set of samples.
#[test]
fn loader_and_schema_know_the_same_keys() {
    let schema = xqr_house::schema();
    let props = |v: &serde_json::Value| -> Vec<String> {
        let mut k: Vec<String> = v["properties"]
            .as_object()
            .expect("properties")
            .keys()
            .cloned()
            .collect();
        k.sort();
        k
    };
    let defs = &schema["definitions"];
    let tables = [
        ("", &schema),
        ("repetition", &defs["RepetitionKnobs"]),
        ("definitions", &defs["DefinitionKnobs"]),
        ("counting", &defs["CountingKnobs"]),
        ("both_forbidden", &defs["BothForbiddenKnobs"]),
        ("natural_limit", &defs["NaturalLimitKnobs"]),
        ("scoring", &defs["ScoringKnobs"]),
        ("illegal_moves", &defs["IllegalMoveKnobs"]),
        ("moves", &defs["MoveKnobs"]),
    ];
    let loader = xqr_house::format_keys();
    assert_eq!(loader.len(), tables.len());
    for ((name, schema_table), (lname, keys)) in tables.iter().zip(loader) {
        assert_eq!(*name, lname);
        let mut keys: Vec<String> = keys.iter().map(|k| k.to_string()).collect();
        keys.sort();
        assert_eq!(props(schema_table), keys, "keys of [{name}]");
        assert_eq!(
            schema_table["additionalProperties"],
            serde_json::Value::Bool(false),
            "[{name}] denies unknown keys"
        );
    }
}

#[test]
fn loader_and_schema_agree_on_samples() {
    let validator = validator();
    let head = "id = \"x\"\nname = \"X\"\nextends = \"cxa-1999\"\nrule_source = \"s\"\n";
    let samples = [
        "",
        "aliases = [\"a-1\", \"b\"]",
        "aliases = [\"Bad Alias\"]",
        "[repetition]\nperpetual_chase = \"draw\"\nrepetitions = 2",
        "[repetition]\nrepetitions = 11",
        "[repetition]\nrepetitions = 1",
        "[moves]\nking_safety = \"must_not_be_left_attacked\"",
        "[moves]\nking_safety = \"sometimes\"",
        "[moves]\nking_safty = \"may_be_left_attacked\"",
        "[repetition]\nperpetual_chase = \"lose\"",
        "[repetition]\nperpetual_chase = 1",
        "[natural_limit]\nmoves = 300\ncheck_cap = 0",
        "[natural_limit]\nmoves = 301",
        "[natural_limit]\nmoves = 0",
        "[natural_limit]\ncheck_cap = 5",
        "[natural_limit]\nmoves = 30\ncheck_cap = 101",
        "[scoring]\nwin = 3\ndraw_red = 0.5\ndraw_black = \"1.5\"\nloss = \"0\"",
        "[scoring]\nwin = 0.25",
        "[scoring]\nwin = -1",
        "[scoring]\nwin = \"1.25\"",
        "[scoring]\nwin = \"one\"",
        "[scoring]\nwin = 1001",
        "[scoring]\nwin = true",
        "[scoring]\ndraw_result = \"black_wins\"",
        "[scoring]\ndraw_result = \"red_wins\"",
        "[illegal_moves]\nruling = \"foul_and_replay\"",
        "[illegal_moves]\nruling = \"replay\"",
        "[illegal_moves]",
        "[metadata]\nred_time = \"20 min + 10 s\"",
        "[metadata]\nrounds = 7",
        "colour = \"red\"",
        "[repetition]\nperpetual_chace = \"draw\"",
        "repetition = 3",
        "[repetition]\nforbidden = [\"perpetual_check\"]",
        "[repetition]\nforbidden = [\"perpetual_check\", \"perpetual_check\"]",
        "[repetition]\nforbidden = [\"allowed\"]",
        "[repetition]\nforbidden = \"perpetual_check\"",
        "[counting]\nprocedure = \"cxa-2011\"",
        "[counting]\nprocedure = \"cxa2011\"",
        "[counting]\nrepetitions = 3\ncount = \"occurrences\"",
        "[counting]\nrepetitions = 12",
        "[both_forbidden]\nruling = \"precedence\"",
        "[both_forbidden]\nruling = \"lose\"",
        "[both_forbidden]",
        "[definitions]\nking_answers_check = true\npawn_trades = false\ncostly_offers = \"club sheet 4\"",
        "[definitions]\nking_answers_check = \"\"",
        "[definitions]\nking_answers_check = 1",
        "[definitions]\nking_chase = \"counts\"\npawn_chase = \"idle_unless_mutual\"\nfalse_root = \"by_duty\"",
        "[definitions]\nking_chase = \"sometimes\"",
        "[definitions]\ndefensive_key_point = false",
        "[definitions]\ndefensive_key_point = true",
        "[definitions]\ndefensive_key_point = \"single_attacker\"",
        "[definitions]\nmate_threat = 3\nchase_through_checks = 0",
        "[definitions]\nmate_threat = 0",
        "[definitions]\nchase_through_checks = 4",
        "[definitions]\nfloating_crossed_pawn = true",
        "[definitions]\nfloating_crossed_pawn = \"yes\"",
        "[definitions]\ncheck = \"§28.1\"",
        "[definitions]\nchase_test = \"one_recapture\"\ntied_rook = true\nchase_with_check = \"rule 12\"",
        "[definitions]\nchase_test = \"exchange\"\nrook_chased_by_horse_or_cannon = false\ncheck_capture_threat = true",
        "[definitions]\nchase_test = \"one_ply\"",
        "[definitions]\ntied_rook = \"\"",
        "[repetition]\nchase_conduct = \"same_target\"",
        "[repetition]\nchase_conduct = \"heaviest\"",
        "[counting]\nloses_after = 3",
        "[counting]\nloses_after = 0",
        "[counting]\nloses_after = 11",
        "[both_forbidden]\nruling = \"checker_changes\"",
    ];
    for s in samples {
        let text = format!("{head}{s}\n");
        let by_schema = validator.is_valid(&toml_to_json(&text));
        let by_loader = xqr_house::check(&text, "sample.toml");
        assert_eq!(
            by_schema,
            by_loader.is_empty(),
            "schema and loader disagree on {s:?}: loader says {by_loader:?}"
        );
    }
    // The one difference: JSON Schema counts 30.0 as an integer, TOML (and the loader) do not.
    let text = format!("{head}[natural_limit]\nmoves = 30.0\n");
    assert!(validator.is_valid(&toml_to_json(&text)));
    assert_eq!(
        xqr_house::check(&text, "s.toml")[0].kind,
        xqr_house::ProblemKind::WrongType
    );
    // The required keys.
    for key in ["id", "name", "extends", "rule_source"] {
        let text: String = head
            .lines()
            .filter(|l| !l.starts_with(key))
            .map(|l| format!("{l}\n"))
            .collect();
        assert!(
            !validator.is_valid(&toml_to_json(&text)),
            "{key} is required"
        );
        assert!(!xqr_house::check(&text, "s.toml").is_empty());
    }
}
