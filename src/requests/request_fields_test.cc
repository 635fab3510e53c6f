// The field tables of request_fields.h: requests filled by name run as the
// typed structs do, names are unique, and bad names and values are named.
#include "trainflops/request_fields.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <variant>
#include <vector>

namespace trainflops {
namespace {

template <typename R>
void Set(R& r, const RequestFields<R>& fields, const std::string& name, FieldValue v) {
  const Result<const RequestField<R>*> f = FindField(fields, name);
  ASSERT_TRUE(f.ok()) << f.status().message();
  const Status set = (*f)->set(r, std::move(v));
  ASSERT_TRUE(set.ok()) << set.message();
}

TEST(RequestFields, TokensByNameIsSixND) {
  TokensRequest r;
  Set(r, TokensFields(), "params", FieldValue::Text("70B"));
  Set(r, TokensFields(), "tokens", FieldValue::Text("1.4T"));
  const Result<LlmResult> result = trainflops::Run(r);
  ASSERT_TRUE(result.ok()) << result.status().message();
  // 6 x 70e9 x 1.4e12 = 5.88e23 FLOP (Kaplan et al. 2020, C = 6ND).
  EXPECT_DOUBLE_EQ(result->estimate().estimate.training_flop, 5.88e23);
}

TEST(RequestFields, EstimateByNameIsMethodOne) {
  // Dense 100 -> 10 (Sevilla et al. 2022, Table 1, exact): 2·100·10 + 10 +
  // 10 = 2020 FLOP forward; x (1 + 2) x 3 epochs x 1000 examples = 1.818e7.
  EstimateRequest r;
  Set(r, EstimateFields(), "model",
      FieldValue::File(InputFile::Owned(
          "dense.yaml",
          "name: one-dense\ninput: [100]\nlayers:\n  - {type: dense, name: fc, units: 10}\n")));
  Set(r, EstimateFields(), "epochs", FieldValue::Text("3"));
  Set(r, EstimateFields(), "examples", FieldValue::Text("1000"));
  Set(r, EstimateFields(), "uncertainty", FieldValue::Flag(false));
  const Result<EstimateResult> result = trainflops::Run(r);
  ASSERT_TRUE(result.ok()) << result.status().message();
  EXPECT_DOUBLE_EQ(result->estimate().training_flop, 2020.0 * 3 * 3 * 1000);
}

// Each kind of model file's options (estimate_request.h) reach EstimateFields
// once each, and no other row sets them.
TEST(RequestFields, EstimateHasEveryKindsRowsOnce) {
  std::multiset<std::string> kinds;
  for (const std::vector<std::string>& names :
       {FieldNames(SpecModelFields()), FieldNames(OnnxGraphFields()),
        FieldNames(HfConfigFields())}) {
    kinds.insert(names.begin(), names.end());
  }
  const std::vector<std::string> estimate = FieldNames(EstimateFields());
  for (const std::string& name : kinds) {
    EXPECT_EQ(kinds.count(name), 1u) << name << " is in two kinds' tables";
    EXPECT_EQ(std::count(estimate.begin(), estimate.end(), name), 1) << name;
  }
  // The rest: the file, the uncertainty and the threshold check, for every kind.
  std::vector<std::string> shared = {"model", "thresholds"};
  for (const std::string& name : FieldNames(UncertaintyFields())) shared.push_back(name);
  EXPECT_EQ(estimate.size(), kinds.size() + shared.size());
}

// Fields of one kind of model file set that kind's options; a spec's
// training fields carry over to a graph's, and a config's field after them is
// refused when it is set, naming it and the kind the request is already for.
TEST(RequestFields, EstimateOptionsHoldOneKindOfModelFile) {
  EstimateRequest r;
  Set(r, EstimateFields(), "epochs", FieldValue::Text("3"));
  ASSERT_TRUE(std::holds_alternative<SpecModel>(r.options));
  Set(r, EstimateFields(), "dims", FieldValue::List({"batch=1"}));
  const auto* onnx = std::get_if<OnnxModel>(&r.options);
  ASSERT_NE(onnx, nullptr);
  EXPECT_EQ(onnx->training.epochs, "3");
  EXPECT_EQ(onnx->dims, std::vector<std::string>{"batch=1"});
  const Status tokens = (*FindField(EstimateFields(), "tokens"))->set(r, FieldValue::Text("1T"));
  EXPECT_NE(tokens.message().find("`tokens` applies to a Hugging Face config.json, but this "
                                  "request already sets fields of a model spec or an ONNX graph"),
            std::string::npos)
      << tokens.message();
  EXPECT_TRUE(std::holds_alternative<OnnxModel>(r.options)) << "nothing was set";

  EstimateRequest c;
  Set(c, EstimateFields(), "tokens", FieldValue::Text("1T"));
  const Status epochs = (*FindField(EstimateFields(), "epochs"))->set(c, FieldValue::Text("3"));
  EXPECT_NE(epochs.message().find("`epochs` applies to a model spec or an ONNX graph"),
            std::string::npos)
      << epochs.message();
  ASSERT_TRUE(std::holds_alternative<HfConfigModel>(c.options));
  EXPECT_EQ(std::get<HfConfigModel>(c.options).llm.tokens, "1T");
}

// A graph's own options on a spec are refused by name; a spec's and empty
// options run on any kind (the spec's dense layer: 2020 FLOP forward, as in
// EstimateByNameIsMethodOne).
TEST(RequestFields, EstimateOptionsOfAnotherKindAreNamed) {
  EstimateRequest r;
  Set(r, EstimateFields(), "model",
      FieldValue::File(InputFile::Owned(
          "dense.yaml",
          "name: one-dense\ninput: [100]\nlayers:\n  - {type: dense, name: fc, units: 10}\n")));
  Set(r, EstimateFields(), "examples", FieldValue::Text("1000"));
  Set(r, EstimateFields(), "epochs", FieldValue::Text("2"));
  Set(r, EstimateFields(), "strict", FieldValue::Flag(true));
  const Status strict = trainflops::Run(r).status();
  EXPECT_NE(strict.message().find(
                "`dims`, `examples_per_run` and `strict` apply to ONNX graphs, not to dense.yaml"),
            std::string::npos)
      << strict.message();
  std::get<OnnxModel>(r.options).strict = false;  // the graph's own fields set nothing now
  const Result<EstimateResult> result = trainflops::Run(r);
  ASSERT_TRUE(result.ok()) << result.status().message();
  EXPECT_DOUBLE_EQ(result->estimate().training_flop, 2020.0 * 3 * 2 * 1000);
}

TEST(RequestFields, PhaseFieldsSetEveryPhaseAndLayerDimsArePairs) {
  HardwareRequest h;
  Set(h, HardwareFields(), "chip_hours", FieldValue::Text("1000"));
  EXPECT_EQ(h.all_phases.chip_hours, "1000");
  LayerRequest l;
  Set(l, LayerFields(), "dims", FieldValue::List({"h=224", "filters=64"}));
  ASSERT_EQ(l.dims.size(), 2u);
  EXPECT_EQ(l.dims[1], (std::pair<std::string, std::string>("filters", "64")));
}

TEST(RequestFields, BadNamesAndValuesAreNamed) {
  const Result<const RequestField<TokensRequest>*> unknown = FindField(TokensFields(), "tokns");
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.status().message().find("unknown field 'tokns'; did you mean 'tokens'?"),
            std::string::npos)
      << unknown.status().message();
  TokensRequest t;
  const Status two = (*FindField(TokensFields(), "params"))->set(t, FieldValue::List({"1", "2"}));
  EXPECT_EQ(two.message(), "`params`: expected one value, got 2");
  LayerRequest l;
  const Status pair = (*FindField(LayerFields(), "dims"))->set(l, FieldValue::List({"h224"}));
  EXPECT_NE(pair.message().find("`dims`: 'h224' is not accepted (accepted: KEY=VALUE"),
            std::string::npos)
      << pair.message();
}

template <typename R>
void ExpectUniqueNames(const RequestFields<R>& fields, const char* table) {
  std::set<std::string> seen;
  for (const RequestField<R>& f : fields) {
    EXPECT_TRUE(seen.insert(f.name).second) << table << ": " << f.name << " twice";
  }
}

TEST(RequestFields, NamesAreUniquePerRequest) {
  ExpectUniqueNames(EstimateFields(), "estimate");
  ExpectUniqueNames(HardwareFields(), "hardware");
  ExpectUniqueNames(CompareFields(), "compare");
  ExpectUniqueNames(TokensFields(), "tokens");
  ExpectUniqueNames(TrendFields(), "trend");
  ExpectUniqueNames(BatchFields(), "batch");
  ExpectUniqueNames(ChipsFields(), "chips");
  ExpectUniqueNames(LayerFields(), "layer");
}

TEST(RequestFields, FilesOpenWithTheKindOfTheirRole) {
  EXPECT_EQ(InputKindFor(FileRole::kModel, "m.ONNX"), InputKind::kOnnx);
  EXPECT_EQ(InputKindFor(FileRole::kModel, "config.json"), InputKind::kJsonConfig);
  EXPECT_EQ(InputKindFor(FileRole::kModel, "m.yaml"), InputKind::kSpec);
  EXPECT_EQ(InputKindFor(FileRole::kDataset, "rows.jsonl"), InputKind::kJsonLines);
  EXPECT_EQ(InputKindFor(FileRole::kDataset, "rows.csv"), InputKind::kCsv);
  EXPECT_EQ(InputKindFor(FileRole::kCheckpoint, "x.gguf"), InputKind::kCheckpoint);
}

// The backquoted names of a help text ("with `batches`").
std::vector<std::string> NamesIn(const std::string& help) {
  std::vector<std::string> names;
  for (size_t open = help.find('`'); open != std::string::npos;) {
    const size_t close = help.find('`', open + 1);
    if (close == std::string::npos) break;
    names.push_back(help.substr(open + 1, close - open - 1));
    open = help.find('`', close + 1);
  }
  return names;
}

// A flag takes no value, so it has no placeholder; a described row of any
// other kind needs one (the command line would otherwise parse it as a flag).
// Every field a help names is one of the same request, so that each front
// end can word it as its own option or keyword.
template <typename R>
void ExpectDescribedRows(const RequestFields<R>& fields, const char* table) {
  const std::vector<std::string> names = FieldNames(fields);
  for (const RequestField<R>& f : fields) {
    if (f.kind == FieldKind::kFlag) {
      EXPECT_TRUE(f.doc.metavar.empty()) << table << ": flag " << f.name;
    } else if (!f.doc.help.empty()) {
      EXPECT_FALSE(f.doc.metavar.empty()) << table << ": " << f.name;
    }
    EXPECT_EQ(f.doc.help.find("{default}"), std::string::npos) << table << ": " << f.name;
    for (const std::string& named : NamesIn(f.doc.help)) {
      EXPECT_NE(std::find(names.begin(), names.end(), named), names.end())
          << table << ": the help of " << f.name << " names `" << named << "`";
    }
  }
}

TEST(RequestFields, DescriptionsAreWellFormed) {
  ExpectDescribedRows(EstimateFields(), "estimate");
  ExpectDescribedRows(HardwareFields(), "hardware");
  ExpectDescribedRows(CompareFields(), "compare");
  ExpectDescribedRows(TokensFields(), "tokens");
  ExpectDescribedRows(TrendFields(), "trend");
  ExpectDescribedRows(BatchFields(), "batch");
  ExpectDescribedRows(EvidenceFields(), "evidence");
  ExpectDescribedRows(LedgerFields(), "ledger");
  ExpectDescribedRows(LayerFields(), "layer");
}

// The defaults come from defaults.h, formatted as the help writes them, and
// the help quotes them.
TEST(RequestFields, DefaultsAreTheLibrarysAndTheHelpQuotesThem) {
  const RequestField<UncertaintyRequest>* samples = *FindField(UncertaintyFields(), "samples");
  // kDefaultSamples = 100000, grouped by thousands.
  EXPECT_EQ(samples->doc.default_text, "100,000");
  EXPECT_EQ(samples->doc.help, "Monte Carlo samples (default 100,000; at most 1e8)");
  EXPECT_EQ(samples->doc.type, FieldType::kNumber);
  const RequestField<TrainingRequest>* bp = *FindField(TrainingFields(), "bp_ratio");
  // The 2:1 backward/forward ratio of Sevilla et al. 2022, Method 1.
  EXPECT_EQ(bp->doc.default_text, "2");
  EXPECT_NE(bp->doc.help.find("a number (default 2)"), std::string::npos) << bp->doc.help;
  // Sub-request rows keep their description in every request that takes them.
  const RequestField<EvidenceFileRequest>* seed = *FindField(EvidenceFields(), "seed");
  EXPECT_EQ(seed->doc.default_text, "20260101");
  EXPECT_EQ(seed->doc.metavar, "S");
}

}  // namespace
}  // namespace trainflops
