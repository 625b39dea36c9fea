//! Ruleset `testkit-abort`: the 1999 rules, but `judge` aborts the process.

use xqr_plugin_testkit::{MisbehavingRuleset, Misbehaviour};

xqr_plugin_sdk::xqr_plugin!(MisbehavingRuleset::misbehaving(
    "testkit-abort",
    Misbehaviour::Abort
));
