//! Ruleset `testkit-hang`: the 1999 rules, but `judge` never returns.

use xqr_plugin_testkit::{MisbehavingRuleset, Misbehaviour};

xqr_plugin_sdk::xqr_plugin!(MisbehavingRuleset::misbehaving(
    "testkit-hang",
    Misbehaviour::Hang
));
